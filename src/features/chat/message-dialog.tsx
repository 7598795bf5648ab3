import { useState, type ReactElement } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Thread } from '@/contract'
import { Button } from '@/components/ui/button'
import { Composer } from './composer'

type StartConversationProps = {
  /** The button that opens the dialog (one element that takes a ref). */
  trigger: ReactElement
  title: string
  description: string
  /** Starts (or continues) the conversation with the trimmed text; rejects when it was not sent. */
  start: (message: string) => Promise<Thread>
}

/**
 * A first message in a dialog: the composer (same limits and errors as in a thread); sending starts or
 * continues the conversation and opens it. When sending fails, the composer's alert says why (once: no
 * toast on top of it) and the text stays.
 */
export function StartConversationDialog({ trigger, title, description, start }: StartConversationProps) {
  const { t } = useTranslation('chat')
  const [open, setOpen] = useState(false)
  const navigate = useNavigate()

  const send = async (message: string) => {
    const thread = await start(message)
    setOpen(false)
    void navigate(`/chat/${encodeURIComponent(thread.threadId)}`)
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">{description}</Dialog.Description>
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
