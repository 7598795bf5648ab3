import { useRef } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'
import type { RoadmapItem } from '@/contract'
import { Button } from '@/components/ui/button'
import { titleIn } from './roadmap-row'

/** "Delete this item?": an alert dialog whose focus starts on Cancel, the safe choice. */
export function DeleteItemDialog({
  item,
  pending,
  onConfirm,
  onClose,
}: {
  item: RoadmapItem
  pending: boolean
  onConfirm: () => void
  onClose: () => void
}) {
  const { t, i18n } = useTranslation('admin')
  const cancel = useRef<HTMLButtonElement>(null)
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            cancel.current?.focus()
          }}
          className="fixed top-1/2 left-1/2 z-50 grid w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {t('roadmap.confirmDelete.title')}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">
            {t('roadmap.confirmDelete.description', { title: titleIn(item, i18n.resolvedLanguage), count: item.votes })}
          </Dialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button ref={cancel} variant="secondary">
                {t('roadmap.confirmDelete.cancel')}
              </Button>
            </Dialog.Close>
            <Button variant="danger" disabled={pending} onClick={onConfirm}>
              {t('roadmap.confirmDelete.confirm')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
