import { useRef, useState } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { isApiError } from '@/api/errors'
import type { Offer, OfferStatus } from '@/contract'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { formatDate } from '@/lib/format-date'
import { useWithdrawOffer } from './offers-api'
import { offerAmountText } from './offer-text'

const statusStyles: Record<OfferStatus, string> = {
  submitted: 'bg-brand-50 text-brand-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-red-100 text-red-900',
  withdrawn: 'bg-slate-200 text-slate-900',
  not_accepted: 'bg-amber-100 text-amber-900',
  released: 'bg-slate-200 text-slate-900',
}

const NOTED: readonly OfferStatus[] = ['accepted', 'not_accepted', 'released']

/** The viewer's offers on this listing, newest first, each with its state; the open one may be withdrawn. */
export function YourOffers({ dealId, offers }: { dealId: string; offers: Offer[] }) {
  const { t, i18n } = useTranslation('dealDetail')
  const headingRef = useRef<HTMLHeadingElement>(null)
  const withdrawn = useRef(false)
  const opener = useRef<HTMLButtonElement | null>(null)
  const [withdrawing, setWithdrawing] = useState<Offer | null>(null)
  const withdraw = useWithdrawOffer(dealId)
  if (offers.length === 0) return null

  // Settles after the list shows the outcome; the dialog lives beside the list, so it outlasts the row's button.
  const confirmWithdraw = (offer: Offer) =>
    withdraw.mutate(offer.id, {
      onSuccess: () => {
        withdrawn.current = true
        setWithdrawing(null)
        toast({ title: t('offer.withdraw.done'), variant: 'success' })
      },
      onError: (error) => {
        setWithdrawing(null)
        toast({
          title: t('offer.withdraw.failed'),
          description: isApiError(error) && error.status < 500 ? error.message : undefined,
          variant: 'destructive',
        })
      },
    })

  return (
    <div className="grid gap-2">
      <h3 ref={headingRef} tabIndex={-1} className="text-sm font-semibold text-slate-900">
        {t('offer.mine.title')}
      </h3>
      <ul className="grid gap-2">
        {offers.map((offer) => (
          <li key={offer.id} className="grid gap-1.5 rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-medium text-slate-900">{offerAmountText(t, offer)}</p>
              <span className={clsx('rounded px-2 py-0.5 text-xs font-semibold', statusStyles[offer.status])}>
                {t(`offer.statuses.${offer.status}`)}
              </span>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-700">
              <dt>{t('offer.mine.closeDate')}</dt>
              <dd>
                <time dateTime={offer.closeOfEscrowDate}>{formatDate(offer.closeOfEscrowDate, i18n.language)}</time>
              </dd>
              <dt>{t('offer.mine.sent')}</dt>
              <dd>
                <time dateTime={offer.createdAt}>{formatDate(offer.createdAt, i18n.language)}</time>
              </dd>
              {offer.message && (
                <>
                  <dt>{t('offer.mine.message')}</dt>
                  <dd className="break-words whitespace-pre-line">{offer.message}</dd>
                </>
              )}
              {offer.status === 'declined' && offer.declineReason && (
                <>
                  <dt>{t('offer.mine.declineReason')}</dt>
                  <dd className="break-words whitespace-pre-line">{offer.declineReason}</dd>
                </>
              )}
            </dl>
            {NOTED.includes(offer.status) && (
              <p className="text-slate-700">{t(`offer.statusNotes.${offer.status as 'accepted'}`)}</p>
            )}
            {offer.status === 'submitted' && (
              <Button
                variant="secondary"
                size="sm"
                className="justify-self-start"
                aria-haspopup="dialog"
                onClick={(event) => {
                  opener.current = event.currentTarget
                  setWithdrawing(offer)
                }}
              >
                {t('offer.withdraw.open')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Dialog.Root open={withdrawing !== null} onOpenChange={(open) => !open && setWithdrawing(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
          <Dialog.Content
            onCloseAutoFocus={(event) => {
              // Back to the button that opened it; once withdrawn that button is gone, so to the list.
              event.preventDefault()
              const target = withdrawn.current ? headingRef.current : opener.current
              withdrawn.current = false
              target?.focus()
            }}
            className="fixed top-1/2 left-1/2 z-50 grid w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-5 shadow-xl"
          >
            <Dialog.Title className="text-lg font-semibold text-slate-900">{t('offer.withdraw.title')}</Dialog.Title>
            <Dialog.Description className="text-sm text-slate-700">
              {withdrawing && t('offer.withdraw.description', { amount: offerAmountText(t, withdrawing) })}
            </Dialog.Description>
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">{t('offer.withdraw.cancel')}</Button>
              </Dialog.Close>
              <Button
                variant="danger"
                disabled={withdraw.isPending}
                onClick={() => withdrawing && confirmWithdraw(withdrawing)}
              >
                {t('offer.withdraw.confirm')}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  )
}
