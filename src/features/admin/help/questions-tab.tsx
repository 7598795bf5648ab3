import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import type { AdminHelpQuestion, HelpQuestionStatus } from '@/contract'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { useAdminQuestions, useUpdateQuestion } from './help-admin-api'
import { MarkdownField, TextField } from './markdown-field'

/** Members' questions, pending first; each opens an editor to answer in en and/or es, publish or reject. */
export function QuestionsTab() {
  const { t } = useTranslation('admin')
  const questions = useAdminQuestions()
  const [open, setOpen] = useState<string | null>(null)
  if (questions.isPending) return <Spinner />
  if (questions.isError) return <p role="alert">{t('help.loadFailed')}</p>
  const list = questions.data.questions
  if (list.length === 0) return <p className="text-sm text-slate-600">{t('help.questions.empty')}</p>
  return (
    <ul className="grid gap-3">
      {list.map((question) => (
        <li key={question.id} className="rounded-lg border border-slate-200 bg-white p-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="break-words font-medium text-slate-900">
                {(question.language === 'es' ? question.questionEs : question.questionEn) ??
                  question.questionEn ??
                  question.questionEs}
              </p>
              <p className="text-xs text-slate-600">
                <StatusBadge status={question.status} /> · {question.asker?.email ?? t('help.questions.seeded')} ·{' '}
                {question.language.toUpperCase()}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={open === question.id}
              onClick={() => setOpen(open === question.id ? null : question.id)}
            >
              {open === question.id ? t('help.close') : t('help.questions.answer')}
            </Button>
          </div>
          {open === question.id && <QuestionEditor question={question} onDone={() => setOpen(null)} />}
        </li>
      ))}
    </ul>
  )
}

function StatusBadge({ status }: { status: HelpQuestionStatus }) {
  const { t } = useTranslation('admin')
  return <span className="font-semibold">{t(`help.questions.status.${status}`)}</span>
}

function QuestionEditor({ question, onDone }: { question: AdminHelpQuestion; onDone: () => void }) {
  const { t } = useTranslation('admin')
  const update = useUpdateQuestion()
  const [texts, setTexts] = useState({
    questionEn: question.questionEn ?? '',
    questionEs: question.questionEs ?? '',
    answerEn: question.answerEn ?? '',
    answerEs: question.answerEs ?? '',
  })
  const set = (key: keyof typeof texts) => (value: string) => setTexts((current) => ({ ...current, [key]: value }))
  const save = (status?: HelpQuestionStatus) =>
    update.mutate(
      { id: question.id, body: { ...texts, ...(status ? { status } : {}) } },
      {
        onSuccess: () => {
          toast({ title: t(`help.questions.saved.${status ?? 'draft'}`), variant: 'success' })
          if (status) onDone()
        },
        onError: (error) =>
          toast({ title: isApiError(error) ? error.message : t('help.saveFailed'), variant: 'destructive' }),
      },
    )
  return (
    <div className="mt-4 grid gap-4">
      <fieldset className="grid gap-3">
        <legend className="text-sm font-semibold text-slate-900">{t('help.english')}</legend>
        <TextField label={t('help.questions.questionEn')} value={texts.questionEn} onChange={set('questionEn')} />
        <MarkdownField
          label={t('help.questions.answerEn')}
          value={texts.answerEn}
          onChange={set('answerEn')}
          rows={6}
        />
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="text-sm font-semibold text-slate-900">{t('help.spanish')}</legend>
        <TextField label={t('help.questions.questionEs')} value={texts.questionEs} onChange={set('questionEs')} />
        <MarkdownField
          label={t('help.questions.answerEs')}
          value={texts.answerEs}
          onChange={set('answerEs')}
          rows={6}
        />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => save('published')} disabled={update.isPending}>
          {t('help.questions.publish')}
        </Button>
        <Button variant="secondary" onClick={() => save()} disabled={update.isPending}>
          {t('help.save')}
        </Button>
        {question.status !== 'rejected' && (
          <Button variant="secondary" onClick={() => save('rejected')} disabled={update.isPending}>
            {t('help.questions.reject')}
          </Button>
        )}
      </div>
    </div>
  )
}
