import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { STATUS_TRANSITIONS, StatusChangeInputSchema, type ListingStatus } from '@/contract'
import { Modal, type ListingDialogProps } from './modal'
import { useChangeStatus } from './my-listings-api'

type Changeable = keyof typeof STATUS_TRANSITIONS
type Errors = Partial<Record<'status' | 'onPlatform' | 'reason' | 'confirmSold', string>>

const textareaClass =
  'min-h-20 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 aria-invalid:border-red-600'

/** Allowed next statuses of a listing (spec §4): sold is final, canceled only goes back to active. */
export const nextStatuses = (status: ListingStatus): ListingStatus[] =>
  status === 'deleted' ? [] : (STATUS_TRANSITIONS[status as Changeable] as ListingStatus[])

/**
 * Changes a listing's status: the allowed next statuses, whether it happened through the platform (yes or
 * no, required), optional comments and a reason when canceling. The server's refusal shows here.
 */
export function StatusDialog({
  dealId,
  address,
  status,
  open,
  onOpenChange,
}: ListingDialogProps & { status: ListingStatus }) {
  const { t } = useTranslation('myListings')
  const id = useId()
  const change = useChangeStatus(dealId)
  const [next, setNext] = useState<ListingStatus | ''>('')
  const [onPlatform, setOnPlatform] = useState<'yes' | 'no' | ''>('')
  const [comments, setComments] = useState('')
  const [reason, setReason] = useState('')
  const [confirmedSold, setConfirmedSold] = useState(false)
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const options = nextStatuses(status)

  const reset = (isOpen: boolean) => {
    if (!isOpen) {
      setNext('')
      setOnPlatform('')
      setComments('')
      setReason('')
      setConfirmedSold(false)
      setErrors({})
      setFailure(null)
    }
    onOpenChange(isOpen)
  }

  function showErrors(found: Errors) {
    setErrors(found)
    document.getElementById(`${id}-${Object.keys(found)[0] ?? 'status'}`)?.focus()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const parsed = StatusChangeInputSchema.safeParse({
      status: next || undefined,
      onPlatform: onPlatform === '' ? undefined : onPlatform === 'yes',
      comments,
      reason: next === 'canceled' ? reason : '',
    })
    if (!parsed.success) {
      const found: Errors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors
        found[field] ??= issue.message.startsWith('validation:') ? issue.message : 'validation:required'
      }
      // zod skips the contract's cancel-reason rule while another field is wrong: the same rule, shown at once.
      if (next === 'canceled' && !reason.trim()) found.reason ??= 'validation:cancelReasonRequired'
      if (next === 'sold' && !confirmedSold) found.confirmSold = 'status.soldConfirmRequired'
      return showErrors(found)
    }
    // Sold is final (nothing changes it back): the seller confirms it knowingly.
    if (next === 'sold' && !confirmedSold) return showErrors({ confirmSold: 'status.soldConfirmRequired' })
    setErrors({})
    try {
      await change.mutateAsync(parsed.data)
    } catch (error) {
      setFailure(isApiError(error) && error.status === 409 ? t('errors.statusNotAllowed') : t('errors.statusFailed'))
      return
    }
    toast({
      title: t('status.changed', { status: t(`values:listingStatuses.${parsed.data.status}`) }),
      variant: 'success',
    })
    reset(false)
  }

  const errorText = (field: keyof Errors) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} role="alert" className="text-sm font-medium text-red-700">
        {t(errors[field])}
      </p>
    ) : null
  const described = (field: keyof Errors) => (errors[field] ? `${id}-${field}-error` : undefined)

  return (
    <Modal
      open={open}
      onOpenChange={reset}
      title={t('status.title')}
      description={t('status.description', { address, status: t(`values:listingStatuses.${status}`) })}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        {failure && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
            {failure}
          </p>
        )}
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-status`} className="text-sm font-medium text-slate-900">
            {t('status.next')}
            <RequiredMark />
          </label>
          <select
            id={`${id}-status`}
            value={next}
            onChange={(event) => setNext(event.target.value as ListingStatus)}
            aria-invalid={errors.status ? true : undefined}
            aria-describedby={described('status')}
            aria-required
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm aria-invalid:border-red-600"
          >
            <option value="">{t('status.choose')}</option>
            {options.map((option) => (
              <option key={option} value={option}>
                {t(`values:listingStatuses.${option}`)}
              </option>
            ))}
          </select>
          {errorText('status')}
        </div>
        <fieldset className="grid gap-2" aria-describedby={described('onPlatform')}>
          <legend className="mb-1 text-sm font-medium text-slate-900">
            {t('status.onPlatform')}
            <RequiredMark />
          </legend>
          <div className="flex gap-6">
            {(['yes', 'no'] as const).map((answer) => (
              <label key={answer} className="flex items-center gap-2 text-sm text-slate-900">
                <input
                  id={answer === 'yes' ? `${id}-onPlatform` : undefined}
                  type="radio"
                  name={`${id}-platform`}
                  checked={onPlatform === answer}
                  onChange={() => setOnPlatform(answer)}
                  required
                  className="size-4 accent-brand-700"
                />
                {t(`status.${answer}`)}
              </label>
            ))}
          </div>
          {errorText('onPlatform')}
        </fieldset>
        {next === 'sold' && (
          <div className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <p>{t('status.soldFinal')}</p>
            <label className="flex items-start gap-2 font-medium">
              <input
                id={`${id}-confirmSold`}
                type="checkbox"
                checked={confirmedSold}
                onChange={(event) => setConfirmedSold(event.target.checked)}
                aria-invalid={errors.confirmSold ? true : undefined}
                aria-describedby={described('confirmSold')}
                required
                className="mt-0.5 size-4 shrink-0 accent-brand-700"
              />
              {t('status.soldConfirm')}
            </label>
            {errorText('confirmSold')}
          </div>
        )}
        {next === 'canceled' && (
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-900">
              {t('status.reason')}
              <span className="text-red-700"> *</span>
            </label>
            <textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={described('reason')}
              aria-required
              className={textareaClass}
            />
            {errorText('reason')}
          </div>
        )}
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-comments`} className="text-sm font-medium text-slate-900">
            {t('status.comments')}
          </label>
          <textarea
            id={`${id}-comments`}
            value={comments}
            onChange={(event) => setComments(event.target.value)}
            className={textareaClass}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => reset(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? t('actions.saving') : next === 'sold' ? t('status.markSold') : t('status.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}

/** The visible mark of a required field; the control itself says "required" to assistive technology. */
function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-700">
      {' *'}
    </span>
  )
}
