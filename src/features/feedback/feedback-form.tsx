import { useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { checkImageFile } from '@/components/form/image-file'
import { Button } from '@/components/ui/button'
import { Field, inputClass } from '@/components/ui/field'
import { toast } from '@/components/ui/toast'
import { FEEDBACK_COMMENT_MAX, FEEDBACK_SCREENSHOT_MAX_BYTES, type FeedbackType } from '@/contract'
import { HumanCheckField, useHumanCheck } from '@/features/signup'
import { submitErrorMessage, useSubmitFeedback } from './feedback-api'
import type { FeedbackSteps } from './feedback-state'

type FeedbackFormProps = {
  steps: FeedbackSteps
  type: FeedbackType
  /** The page the feedback is about (where the widget was opened). */
  page: string
  ownersClub: boolean
}

/**
 * The form step (spec §4, §5): the comment (trimmed, at most 500 characters, a live counter), a screenshot for
 * a bug report (an image under 10 MB), the human check; Send stays disabled while the comment is empty or the
 * report is on its way. Outcomes are told by toasts (spec §8); server field messages show at their field.
 */
export function FeedbackForm({ steps, type, page, ownersClub }: FeedbackFormProps) {
  const { t } = useTranslation('feedback')
  const { comment, screenshot } = steps.state
  const submit = useSubmitFeedback()
  const humanCheck = useHumanCheck()
  const [answer, setAnswer] = useState('')
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const fileInput = useRef<HTMLInputElement>(null)
  const counterId = useId()
  const trimmed = comment.trim()

  const pickFile = (file: File | undefined) => {
    if (!file) return steps.setScreenshot(null)
    const problem = checkImageFile(file, FEEDBACK_SCREENSHOT_MAX_BYTES)
    if (problem) {
      if (fileInput.current) fileInput.current.value = ''
      steps.setScreenshot(null)
      toast(
        problem === 'type'
          ? { title: t('toast.invalidFileTitle'), description: t('toast.invalidFileBody'), variant: 'destructive' }
          : { title: t('toast.tooLargeTitle'), description: t('toast.tooLargeBody'), variant: 'destructive' },
      )
      return
    }
    steps.setScreenshot(file)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!trimmed) {
      toast({ title: t('toast.missingTitle'), description: t('toast.missingBody'), variant: 'destructive' })
      return
    }
    const challenge = humanCheck.data
    setFieldErrors({})
    submit.mutate(
      {
        type,
        comment: trimmed,
        page,
        screenshot: type === 'bug' ? screenshot : null,
        ownersClub,
        humanCheck: { token: challenge?.token ?? '', answer },
      },
      {
        onSuccess: () => {
          toast({ title: t('toast.successTitle'), description: t('toast.successBody'), variant: 'success' })
          steps.sent()
        },
        onError: (error) => {
          // A question counts once, answered or not: a new one for the next try.
          setAnswer('')
          void humanCheck.refetch()
          if (isApiError(error) && error.fields) setFieldErrors(error.fields)
          const message = submitErrorMessage(error, t)
          toast({
            title: t('toast.errorTitle'),
            description: message || t('toast.errorFallback'),
            variant: 'destructive',
          })
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field label={t('comment')} required error={fieldErrors.comment}>
        {(control) => (
          <>
            <textarea
              {...control}
              aria-describedby={[control['aria-describedby'], counterId].filter(Boolean).join(' ')}
              value={comment}
              maxLength={FEEDBACK_COMMENT_MAX}
              onChange={(event) => steps.setComment(event.target.value.slice(0, FEEDBACK_COMMENT_MAX))}
              placeholder={t(`commentPlaceholder.${type}`)}
              rows={5}
              className={inputClass('md', 'h-auto py-2')}
            />
            <p id={counterId} className="text-right text-xs text-slate-600" aria-live="polite">
              {t('counter', { count: comment.length, max: FEEDBACK_COMMENT_MAX })}
            </p>
          </>
        )}
      </Field>
      {type === 'bug' && (
        <Field label={t('screenshot')} hint={t('screenshotHint')} error={fieldErrors.file}>
          {(control) => (
            <div className="grid gap-2">
              <input
                {...control}
                ref={fileInput}
                type="file"
                accept="image/*"
                onChange={(event) => pickFile(event.target.files?.[0])}
                className="text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
              />
              {screenshot && (
                <div className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm">
                  <span className="truncate text-slate-800">{screenshot.name}</span>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="shrink-0 whitespace-nowrap"
                    onClick={() => {
                      if (fileInput.current) fileInput.current.value = ''
                      steps.setScreenshot(null)
                    }}
                  >
                    {t('removeScreenshot')}
                  </Button>
                </div>
              )}
            </div>
          )}
        </Field>
      )}
      <HumanCheckField
        challenge={humanCheck.data}
        isLoading={humanCheck.isFetching}
        isUnavailable={humanCheck.isError}
        onRefresh={() => void humanCheck.refetch()}
        error={fieldErrors.humanCheck ?? fieldErrors.humanCheckToken ?? fieldErrors.humanCheckAnswer}
        value={answer}
        onChange={(event) => setAnswer(event.target.value)}
      />
      <Button type="submit" disabled={!trimmed || submit.isPending}>
        {submit.isPending ? t('sending') : t('send')}
      </Button>
    </form>
  )
}
