import { useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { Button, ButtonLink } from '@/components/ui/button'
import type { Lesson, LessonAttemptResult } from '@/contract'
import { useAttempt, useProgressSaver, useTrainingLang } from './training-api'

type Result = LessonAttemptResult['results'][number]

/**
 * A lesson's quiz: one radio group per question (a fieldset and its legend, so arrows and Tab work as in any
 * form). Each choice is saved a moment later (the buyer resumes on any device); a failed save says so and
 * the answers stay. After Submit each question says right or wrong and why; changing an answer clears its
 * verdict, and the buyer submits again until every answer is right.
 */
export function Quiz({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation('training')
  const lang = useTrainingLang()
  const [answers, setAnswers] = useState<Record<string, number>>(lesson.progress.answers)
  const [results, setResults] = useState<Record<string, Result>>({})
  const [missing, setMissing] = useState<Set<string>>(new Set())
  const [outcome, setOutcome] = useState<LessonAttemptResult | null>(null)
  const saver = useProgressSaver(lesson.id)
  const attempt = useAttempt(lesson.id, lang)
  const summary = useRef<HTMLDivElement>(null)

  const choose = (questionId: string, option: number) => {
    const next = { ...answers, [questionId]: option }
    setAnswers(next)
    setResults(({ [questionId]: _changed, ...rest }) => rest)
    setMissing((previous) => new Set([...previous].filter((id) => id !== questionId)))
    setOutcome(null)
    saver.schedule(next)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const unanswered = lesson.quiz.filter((question) => answers[question.id] === undefined).map((q) => q.id)
    setMissing(new Set(unanswered))
    if (unanswered.length > 0) {
      document.getElementById(`question-${unanswered[0]}-0`)?.focus()
      return
    }
    attempt.mutate(answers, {
      onSuccess: (result) => {
        setResults(Object.fromEntries(result.results.map((r) => [r.questionId, r])))
        setOutcome(result)
        requestAnimationFrame(() => summary.current?.focus())
      },
    })
  }

  const right = outcome ? outcome.results.filter((r) => r.correct).length : 0
  const passedBefore = lesson.progress.status === 'passed'

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-labelledby="quiz-heading">
      <h2 id="quiz-heading" className="text-xl font-semibold text-slate-900">
        {t('quiz.heading')}
      </h2>
      {passedBefore && !outcome && <p className="text-sm text-emerald-800">{t('quiz.passedBefore')}</p>}
      {lesson.quiz.map((question, index) => {
        const result = results[question.id]
        const feedbackId = `question-${question.id}-feedback`
        return (
          <fieldset
            key={question.id}
            className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4"
            aria-describedby={result || missing.has(question.id) ? feedbackId : undefined}
          >
            <legend className="float-left mb-1 w-full font-semibold text-slate-900">
              {index + 1}. {question.prompt}
            </legend>
            {question.options.map((option, optionIndex) => {
              const id = `question-${question.id}-${optionIndex}`
              const chosen = answers[question.id] === optionIndex
              const verdict =
                chosen && result ? (result.correct ? 'border-emerald-600' : 'border-red-600') : 'border-slate-200'
              return (
                <label key={id} htmlFor={id} className={`flex cursor-pointer gap-3 rounded-md border-2 p-3 ${verdict}`}>
                  <input
                    id={id}
                    type="radio"
                    name={`question-${question.id}`}
                    className="mt-1 size-4 shrink-0 accent-brand-700"
                    checked={chosen}
                    onChange={() => choose(question.id, optionIndex)}
                  />
                  <span className="text-slate-800">{option}</span>
                </label>
              )
            })}
            {result ? (
              <div id={feedbackId} className={`grid gap-1 ${result.correct ? 'text-emerald-800' : 'text-red-700'}`}>
                <p className="font-semibold">
                  <span aria-hidden="true">{result.correct ? '✓ ' : '✗ '}</span>
                  {result.correct ? t('quiz.right') : t('quiz.wrong')}
                </p>
                <p>{result.why}</p>
              </div>
            ) : missing.has(question.id) ? (
              <p id={feedbackId} className="text-red-700">
                {t('quiz.chooseOne')}
              </p>
            ) : null}
          </fieldset>
        )
      })}

      {saver.failed && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          {t('saveFailed')}
        </p>
      )}
      {attempt.isError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          {isApiError(attempt.error) ? attempt.error.message : t('submitFailed')}
        </p>
      )}

      <div ref={summary} tabIndex={-1} role="status" className="outline-none">
        {outcome &&
          (outcome.passed ? (
            <div className="grid gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
              <p className="font-semibold text-emerald-950">
                {outcome.certifiedNow || (outcome.certified && !outcome.nextId)
                  ? t('quiz.certified')
                  : t('quiz.passed')}
              </p>
              {outcome.nextId ? (
                <ButtonLink to={`/training/${encodeURIComponent(outcome.nextId)}`} className="justify-self-start">
                  {t('nextLesson')}
                </ButtonLink>
              ) : (
                <ButtonLink to="/training" className="justify-self-start">
                  {t('backToOverview')}
                </ButtonLink>
              )}
            </div>
          ) : (
            <p className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950">
              {t('quiz.tryAgain', { right, total: outcome.results.length })}
            </p>
          ))}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={attempt.isPending}>
          {t('quiz.submit')}
        </Button>
        {passedBefore && lesson.nextId && (
          <Link
            to={`/training/${encodeURIComponent(lesson.nextId)}`}
            className="font-semibold text-brand-700 underline"
          >
            {t('nextLesson')}
          </Link>
        )}
      </div>
    </form>
  )
}
