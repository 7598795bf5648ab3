import { useId, useState, type FormEvent } from 'react'
import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { signInPathFor, useAuth } from '@/auth'
import { HELP_QUESTION_MAX } from '@/contract'
import { Button } from '@/components/ui/button'
import { inputClass } from '@/components/ui/field'
import { useAskQuestion, useMyQuestions } from './help-api'

export const HELP_QUESTION_MIN = 10

/**
 * "Ask a question": a form for members (10–1000 characters; the text stays when sending fails) and their own
 * questions with their status; a visitor is offered to sign in.
 */
export function AskQuestion() {
  const { t } = useTranslation('help')
  const location = useLocation()
  const { status } = useAuth()
  const signedIn = status === 'authenticated'
  const headingId = useId()

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('ask.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('ask.intro')}</p>
      {signedIn ? (
        <>
          <AskForm />
          <MyQuestions />
        </>
      ) : status === 'unauthenticated' ? (
        <p className="mt-3 text-sm">
          <Link to={signInPathFor(location)} className="font-semibold text-brand-700 underline hover:text-brand-800">
            {t('ask.signIn')}
          </Link>
        </p>
      ) : null}
    </section>
  )
}

function AskForm() {
  const { t } = useTranslation('help')
  const ask = useAskQuestion()
  const [text, setText] = useState('')
  const [sent, setSent] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const fieldId = useId()
  const trimmed = text.trim()
  const tooShort = trimmed.length < HELP_QUESTION_MIN

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSent(false)
    if (tooShort) return setError(t('validation:questionMin'))
    setError(null)
    ask.mutate(trimmed, {
      onSuccess: () => {
        setText('')
        setSent(true)
      },
      onError: (failure) =>
        setError((isApiError(failure) && (failure.fields?.question ?? failure.message)) || t('ask.failed')),
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-2">
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-900">
        {t('ask.label')}
      </label>
      <textarea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={4}
        maxLength={HELP_QUESTION_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${fieldId}-count${error ? ` ${fieldId}-error` : ''}`}
        className={inputClass('md', 'h-auto py-2')}
      />
      <p id={`${fieldId}-count`} className="text-xs text-slate-600">
        {t('ask.counter', { count: trimmed.length, max: HELP_QUESTION_MAX })}
      </p>
      {error && (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {sent && (
        <p role="status" className="text-sm text-emerald-800">
          {t('ask.sent')}
        </p>
      )}
      <div>
        <Button type="submit" disabled={ask.isPending}>
          {ask.isPending ? t('ask.sending') : t('ask.submit')}
        </Button>
      </div>
    </form>
  )
}

function MyQuestions() {
  const { t, i18n } = useTranslation('help')
  const mine = useMyQuestions(true)
  const headingId = useId()
  const questions = mine.data?.questions ?? []
  if (questions.length === 0) return null
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t('mine.title')}
      </h3>
      <ul className="mt-2 divide-y divide-slate-200">
        {questions.map((question) => (
          <li key={question.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
            {question.status === 'published' ? (
              <Link to={`/help/qa/${question.id}`} className="text-brand-700 underline">
                {question.question}
              </Link>
            ) : (
              <span className="text-slate-800">{question.question}</span>
            )}
            <span className="text-slate-600">
              {t(`mine.status.${question.status}`)} · {date.format(new Date(question.createdAt))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
