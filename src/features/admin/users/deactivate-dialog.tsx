import { useId, useState, type FormEvent } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { Button } from '@/components/ui/button'

/**
 * "Deactivate" asks why (required, kept on the account and in the audit log) in a Radix dialog: focus moves
 * in, stays in and returns to the button.
 */
export function DeactivateDialog({
  email,
  pending,
  onConfirm,
}: {
  email: string
  pending: boolean
  /** Resolves when the account is deactivated; a rejection's message is shown in the dialog. */
  onConfirm: (reason: string) => Promise<unknown>
}) {
  const { t } = useTranslation('admin')
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const reasonId = useId()
  const errorId = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!reason.trim()) {
      setError(t('user.deactivate.reasonRequired'))
      return
    }
    setError(null)
    try {
      await onConfirm(reason.trim())
      setOpen(false)
      setReason('')
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('user.saveFailed'))
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        setError(null)
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="danger">{t('user.deactivate.open')}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-xl">
          <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {t('user.deactivate.title', { email })}
            </Dialog.Title>
            <Dialog.Description className="text-sm text-slate-700">
              {t('user.deactivate.description')}
            </Dialog.Description>
            <div className="grid gap-1">
              <label htmlFor={reasonId} className="text-sm font-medium text-slate-900">
                {t('user.deactivate.reason')}
              </label>
              <textarea
                id={reasonId}
                required
                maxLength={500}
                rows={3}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900"
              />
              {error && (
                <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
                  {error}
                </p>
              )}
            </div>
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">{t('user.cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" disabled={pending}>
                {t('user.deactivate.confirm')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
