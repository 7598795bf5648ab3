import { useEffect, useRef, useState } from 'react'
import * as Tabs from '@radix-ui/react-tabs'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { isApiError } from '@/api/errors'
import { LESSON_SLUG_MAX, LESSON_URL_MAX, type AdminLesson } from '@/contract'
import { Button } from '@/components/ui/button'
import { Field, TextInput } from '@/components/ui/field'
import { toast } from '@/components/ui/toast'
import { draftOf, emptyDraft, inputOf, langOfPath, LANGS, type Lang, type LessonDraft } from './draft'
import { LanguageFields } from './language-fields'
import { ProblemList } from './problem-list'
import { QuizEditor } from './quiz-editor'
import { useLessonWrites } from './training-admin-api'
import { UnsavedChangesGuard } from './unsaved-guard'

/**
 * Creates or edits one lesson: its address (new lessons only), minutes and video link, each language's
 * texts in a tab, and the quiz. Saving keeps it as it is (draft or published); publishing saves first and
 * is refused, with the missing texts listed, until both languages and the quiz are complete.
 */
export function LessonEditor({ lesson }: { lesson: AdminLesson | null }) {
  const { t } = useTranslation('admin')
  const navigate = useNavigate()
  const { create, update, publish } = useLessonWrites()
  const [draft, setDraft] = useState<LessonDraft>(() => (lesson ? draftOf(lesson) : emptyDraft()))
  const [baseline, setBaseline] = useState(draft)
  const [published, setPublished] = useState(lesson?.published ?? false)
  const [tab, setTab] = useState<Lang>('en')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const leaving = useRef(false)
  const dirty = JSON.stringify(draft) !== JSON.stringify(baseline)
  const busy = create.isPending || update.isPending || publish.isPending
  const isNew = !lesson

  useEffect(() => {
    if (failure) alertRef.current?.focus()
  }, [failure, errors])

  const refused = (error: unknown, fallback: string) => {
    const fields = isApiError(error) && error.status < 500 ? (error.fields ?? {}) : {}
    setErrors(fields)
    setFailure(isApiError(error) && error.status < 500 ? error.message : fallback)
    const firstLang = Object.keys(fields).map(langOfPath).find(Boolean)
    if (firstLang) setTab(firstLang)
  }

  /** Saves what is typed; answers whether it went through. */
  const save = async (): Promise<boolean> => {
    setErrors({})
    setFailure(null)
    try {
      if (isNew) {
        const created = await create.mutateAsync({ ...inputOf(draft), slug: draft.slug.trim() })
        setBaseline(draft)
        toast({ title: t('training.editor.created'), variant: 'success' })
        leaving.current = true
        navigate(`/admin/training/${created.id}`, { replace: true })
      } else {
        const saved = await update.mutateAsync({ id: lesson.id, body: inputOf(draft) })
        setDraft(draftOf(saved))
        setBaseline(draftOf(saved))
        toast({ title: t('training.editor.saved'), variant: 'success' })
      }
      return true
    } catch (error) {
      refused(error, t('training.editor.saveFailed'))
      return false
    }
  }

  const togglePublished = async () => {
    if (!lesson) return
    if (dirty && !(await save())) return
    setErrors({})
    setFailure(null)
    try {
      const saved = await publish.mutateAsync({ id: lesson.id, published: !published })
      setPublished(saved.published)
      toast({
        title: t(saved.published ? 'training.editor.nowPublished' : 'training.editor.nowDraft'),
        variant: 'success',
      })
    } catch (error) {
      refused(error, t('training.publishFailed'))
    }
  }

  const langLabel = (lang: Lang) => t(`training.editor.lang.${lang}`)
  const errorCount = (lang: Lang) => Object.keys(errors).filter((path) => langOfPath(path) === lang).length

  return (
    <form
      noValidate
      aria-labelledby="lesson-editor-heading"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
      className="grid gap-6"
    >
      <UnsavedChangesGuard dirty={dirty} bypass={leaving} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="lesson-editor-heading" className="text-xl font-semibold text-slate-900">
            {isNew ? t('training.editor.newTitle') : t('training.editor.editTitle', { slug: lesson.id })}
          </h2>
          {!isNew && (
            <p className="text-sm text-slate-700">
              {t(published ? 'training.published' : 'training.draft')}
              {dirty && ` · ${t('training.editor.unsaved')}`}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {t('training.editor.save')}
          </Button>
          {!isNew && (
            <Button variant="secondary" disabled={busy} onClick={() => void togglePublished()}>
              {t(published ? 'training.unpublish' : dirty ? 'training.editor.saveAndPublish' : 'training.publish')}
            </Button>
          )}
        </div>
      </div>

      {failure && (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-medium">{failure}</p>
          <ProblemList fields={errors} />
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-3">
        {isNew && (
          <Field label={t('training.editor.slug')} hint={t('training.editor.slugHint')} error={errors.slug}>
            {(control) => (
              <TextInput
                {...control}
                value={draft.slug}
                maxLength={LESSON_SLUG_MAX}
                autoCapitalize="none"
                spellCheck={false}
                onChange={(event) => setDraft({ ...draft, slug: event.target.value })}
              />
            )}
          </Field>
        )}
        <Field label={t('training.editor.minutes')} error={errors.minutes}>
          {(control) => (
            <TextInput
              {...control}
              type="number"
              min={1}
              max={120}
              value={String(draft.minutes)}
              onChange={(event) => setDraft({ ...draft, minutes: Number(event.target.value) })}
            />
          )}
        </Field>
        <Field label={t('training.editor.videoUrl')} hint={t('training.editor.videoUrlHint')} error={errors.videoUrl}>
          {(control) => (
            <TextInput
              {...control}
              type="url"
              value={draft.videoUrl ?? ''}
              maxLength={LESSON_URL_MAX}
              onChange={(event) => setDraft({ ...draft, videoUrl: event.target.value })}
            />
          )}
        </Field>
      </div>

      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Lang)} className="grid gap-4">
        <Tabs.List aria-label={t('training.editor.languages')} className="flex gap-1 border-b border-slate-200">
          {LANGS.map((lang) => (
            <Tabs.Trigger
              key={lang}
              value={lang}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
            >
              {langLabel(lang)}
              {errorCount(lang) > 0 && (
                <span className="ml-1 text-red-700">
                  {' '}
                  ({t('training.editor.tabErrors', { count: errorCount(lang) })})
                </span>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {LANGS.map((lang) => (
          <Tabs.Content key={lang} value={lang} className="grid gap-6">
            <LanguageFields
              lang={lang}
              value={draft[lang]}
              other={draft[lang === 'en' ? 'es' : 'en']}
              errors={errors}
              onChange={(texts) => setDraft({ ...draft, [lang]: texts })}
            />
            <QuizEditor
              lang={lang}
              quiz={draft.quiz}
              errors={errors}
              onChange={(quiz) => setDraft({ ...draft, quiz })}
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {t('training.editor.save')}
        </Button>
      </div>
    </form>
  )
}
