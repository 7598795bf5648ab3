import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { Modal, type ListingDialogProps } from './modal'
import { useDeleteDeal } from './my-listings-api'

/** Asks before deleting: a soft delete hides the listing everywhere, the data is kept. */
export function DeleteDialog({ dealId, address, open, onOpenChange }: ListingDialogProps) {
  const { t } = useTranslation('myListings')
  const remove = useDeleteDeal(dealId)
  const [failed, setFailed] = useState(false)

  async function confirm() {
    setFailed(false)
    try {
      await remove.mutateAsync()
    } catch {
      setFailed(true)
      return
    }
    toast({ title: t('delete.done'), variant: 'success' })
    onOpenChange(false)
  }

  return (
    <Modal
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) setFailed(false)
        onOpenChange(isOpen)
      }}
      title={t('delete.title')}
      description={t('delete.description', { address })}
    >
      {failed && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
          {t('errors.deleteFailed')}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={() => onOpenChange(false)}>
          {t('actions.keep')}
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={remove.isPending}>
          {remove.isPending ? t('actions.deleting') : t('delete.confirm')}
        </Button>
      </div>
    </Modal>
  )
}
