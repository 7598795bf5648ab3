import { useState } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { Button } from '@/components/ui/button'
import { useBlockThread } from './chat-api'

/**
 * "Block" with a confirmation (Radix dialog: focus moves in, stays in and returns to the button). A blocked
 * conversation takes no new messages from either side.
 */
export function BlockDialog({ threadId, name }: { threadId: string; name: string }) {
  const { t } = useTranslation('chat')
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const block = useBlockThread(threadId)

  const confirm = () => {
    setError(null)
    block.mutate(true, {
      onSuccess: () => setOpen(false),
      onError: (failure) => setError(isApiError(failure) ? failure.message : t('block.failed')),
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
          {t('block.open')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{t('block.title', { name })}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">{t('block.description')}</Dialog.Description>
          {error && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">{t('block.cancel')}</Button>
            </Dialog.Close>
            <Button variant="danger" disabled={block.isPending} onClick={confirm}>
              {t('block.confirm')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
