import { useState } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Composer } from './composer'
import { useStartThread } from './chat-api'

/**
 * "Message the seller" on a deal page: a small composer in a dialog; sending starts (or continues) the
 * conversation and opens it.
 */
export function MessageSellerButton({ dealId }: { dealId: string }) {
  const { t } = useTranslation('chat')
  const [open, setOpen] = useState(false)
  const start = useStartThread()
  const navigate = useNavigate()

  const send = async (message: string) => {
    const thread = await start.mutateAsync({ dealId, message })
    setOpen(false)
    void navigate(`/chat/${encodeURIComponent(thread.threadId)}`)
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="w-full">
          {t('start.open')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{t('start.title')}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">{t('start.description')}</Dialog.Description>
          <Composer label={t('start.label')} onSend={send} rows={4} />
          <div className="flex justify-end">
            <Dialog.Close asChild>
              <Button variant="ghost">{t('start.cancel')}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
