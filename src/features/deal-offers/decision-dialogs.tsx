import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DECLINE_REASON_MAX, type ReceivedOffer } from '@/contract'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { isDecidedElsewhere, useAcceptOffer, useDeclineOffer } from './deal-offers-api'
import { OfferDialog } from './offer-dialog'

type DecisionDialogProps = {
  offer: ReceivedOffer
  /** The offer's amount as the table shows it ("$240,000"). */
  amount: string
  open: boolean
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus?: (event: Event) => void
}

/** Someone decided first (409): the server's message says what happened; the list is already refreshed. */
function toastDecidedElsewhere(title: string, error: unknown) {
  toast({ title, description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
}

/**
 * Asks before accepting: the listing becomes pending and every other open offer is not accepted. Focus
 * starts on Cancel, the safe choice.
 */
export function AcceptDialog({ offer, amount, open, onOpenChange, onCloseAutoFocus }: DecisionDialogProps) {
  const { t } = useTranslation('myListings')
  const accept = useAcceptOffer()
  const cancelRef = useRef<HTMLButtonElement>(null)
  const name = offer.buyer.name || t('offers.buyerFallback')

  async function confirm() {
    try {
      await accept.mutateAsync(offer.id)
    } catch (error) {
      onOpenChange(false)
      if (isDecidedElsewhere(error)) toastDecidedElsewhere(t('offers.accept.conflict'), error)
      else toast({ title: t('offers.accept.failed'), variant: 'destructive' })
      return
    }
    onOpenChange(false)
    toast({ title: t('offers.accept.done', { name }), variant: 'success' })
  }

  return (
    <OfferDialog
      alert
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      initialFocus={cancelRef}
      title={t('offers.accept.title')}
      description={
        <>
          <p className="font-medium text-slate-900">
            {t('offers.accept.summary', { name, amount, type: t(`values:dealCategories.${offer.type}`) })}
          </p>
          <p>{t('offers.accept.consequences')}</p>
        </>
      }
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button ref={cancelRef} variant="ghost" onClick={() => onOpenChange(false)}>
          {t('offers.cancel')}
        </Button>
        <Button onClick={() => void confirm()} disabled={accept.isPending}>
          {accept.isPending ? t('offers.accept.accepting') : t('offers.accept.confirm')}
        </Button>
      </div>
    </OfferDialog>
  )
}

/** Declines an open offer with an optional reason the buyer will see. */
export function DeclineDialog({ offer, amount, open, onOpenChange, onCloseAutoFocus }: DecisionDialogProps) {
  const { t } = useTranslation('myListings')
  const decline = useDeclineOffer()
  const [reason, setReason] = useState('')
  const [failed, setFailed] = useState(false)
  const id = useId()
  const name = offer.buyer.name || t('offers.buyerFallback')

  const change = (isOpen: boolean) => {
    if (!isOpen) {
      setFailed(false)
      setReason('')
    }
    onOpenChange(isOpen)
  }

  async function confirm() {
    setFailed(false)
    try {
      await decline.mutateAsync({ offerId: offer.id, reason })
    } catch (error) {
      if (isDecidedElsewhere(error)) {
        change(false)
        toastDecidedElsewhere(t('offers.decline.conflict'), error)
      } else setFailed(true)
      return
    }
    change(false)
    toast({ title: t('offers.decline.done', { name }), variant: 'success' })
  }

  return (
    <OfferDialog
      open={open}
      onOpenChange={change}
      onCloseAutoFocus={onCloseAutoFocus}
      title={t('offers.decline.title')}
      description={
        <p>{t('offers.decline.summary', { name, amount, type: t(`values:dealCategories.${offer.type}`) })}</p>
      }
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          void confirm()
        }}
      >
        <div className="grid gap-1">
          <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-900">
            {t('offers.decline.reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            aria-describedby={`${id}-hint`}
            value={reason}
            maxLength={DECLINE_REASON_MAX}
            rows={4}
            onChange={(event) => setReason(event.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {t('offers.decline.hint', { count: DECLINE_REASON_MAX - reason.length })}
          </p>
        </div>
        {failed && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
            {t('offers.decline.failed')}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => change(false)}>
            {t('offers.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={decline.isPending}>
            {decline.isPending ? t('offers.decline.declining') : t('offers.decline.confirm')}
          </Button>
        </div>
      </form>
    </OfferDialog>
  )
}
