import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

/** Asks before an action that tells someone or cannot be undone (decline, revoke). Escape or Cancel keeps things. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  isPending,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  confirmLabel: string
  isPending: boolean
  onConfirm: () => void
}) {
  const { t } = useTranslation('admin')
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">{description}</Dialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">{t('access.cancel')}</Button>
            </Dialog.Close>
            <Button variant="danger" disabled={isPending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** Previous / next over a paginated list, with where the reader is. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number
  pageSize: number
  total: number
  onPage: (page: number) => void
  label: string
}) {
  const { t } = useTranslation('admin')
  const last = Math.max(1, Math.ceil(total / pageSize))
  if (last <= 1) return null
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 pt-3 text-sm">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('access.previous')}
      </Button>
      <span className="text-slate-700">{t('access.pageOf', { page, last })}</span>
      <Button variant="secondary" size="sm" disabled={page >= last} onClick={() => onPage(page + 1)}>
        {t('access.next')}
      </Button>
    </nav>
  )
}
