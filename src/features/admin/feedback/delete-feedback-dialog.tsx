import { useState } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { useDeleteFeedback } from './feedback-admin-api'

/** "Delete" with a confirmation; the list refreshes once it is gone. */
export function DeleteFeedbackDialog({ id }: { id: string }) {
  const { t } = useTranslation('admin')
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const remove = useDeleteFeedback()
  const confirm = () => {
    setError(null)
    remove.mutate(id, {
      onSuccess: () => {
        setOpen(false)
        toast({ title: t('feedback.deleted'), variant: 'success' })
      },
      onError: (failure) => setError(isApiError(failure) ? failure.message : t('feedback.actionFailed')),
    })
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
        <Button variant="secondary" size="sm">
          {t('feedback.delete')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{t('feedback.deleteTitle')}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">{t('feedback.deleteBody')}</Dialog.Description>
          {error && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">{t('feedback.cancel')}</Button>
            </Dialog.Close>
            <Button variant="danger" disabled={remove.isPending} onClick={confirm}>
              {t('feedback.deleteConfirm')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
