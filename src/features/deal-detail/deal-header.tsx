import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import type { Deal } from '@/contract'
import { Button, ButtonLink } from '@/components/ui/button'
import { formatUsd } from '@/lib/format-currency'
import { offersPath } from '@/features/deal-offers'
import { analyticsPath } from '@/features/deal-analytics'
import { useDetailFavorite } from './deal-detail-api'
import { InterestDialog } from './interest-dialog'
import { StaleBadge } from '@/components/ui/stale-badge'

const statusStyles: Record<Deal['status'], string> = {
  exclusive: 'bg-violet-100 text-violet-900',
  active: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  sold: 'bg-slate-200 text-slate-900',
  canceled: 'bg-red-100 text-red-900',
  deleted: 'bg-slate-200 text-slate-900',
}

/** The full address, or "Address undisclosed · City, ST ZIP" when the seller hides it from this viewer. */
export function useAddressLine(deal: Deal) {
  const { t } = useTranslation('dealDetail')
  const locality = `${deal.city}, ${deal.state} ${deal.zipCode}`
  if (deal.addressHidden || !deal.streetAddress) return `${t('addressUndisclosed')} · ${locality}`
  return `${deal.streetAddress}, ${locality}`
}

/** Price, address, type, status and availability, with what this viewer may do: favorite, interest, call, edit. */
export function DealHeader({
  deal,
  canManage,
  canExpressInterest,
}: {
  deal: Deal
  canManage: boolean
  /** Buyers (and admins/owners, who act for them) may; a seller-only account may not. */
  canExpressInterest: boolean
}) {
  const { t } = useTranslation('dealDetail')
  const address = useAddressLine(deal)
  const favorite = useDetailFavorite(deal.id)
  const price = deal.purchasePrice ?? deal.optionSalePrice
  const typeLabel =
    deal.dealCategory === 'creative' && deal.purchaseType
      ? `${t('values:dealCategories.creative')} · ${t(`values:purchaseTypes.${deal.purchaseType}`)}`
      : t(`values:dealCategories.${deal.dealCategory}`)
  const available = deal.availability !== 'unavailable'
  const bookingLink = deal.listedBy.callBookingLink
  const expressedRef = useRef<HTMLParagraphElement>(null)
  const hadExpressed = useRef(deal.hasExpressedInterest)
  // Sending interest removes the dialog and its trigger; focus goes to the message that replaces them.
  useEffect(() => {
    if (deal.hasExpressedInterest && !hadExpressed.current) expressedRef.current?.focus()
    hadExpressed.current = deal.hasExpressedInterest
  }, [deal.hasExpressedInterest])

  return (
    <header className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded bg-brand-50 px-2 py-0.5 font-semibold text-brand-900">{typeLabel}</span>
        <span className={clsx('rounded px-2 py-0.5 font-semibold', statusStyles[deal.status])}>
          {t(`values:listingStatuses.${deal.status}`)}
        </span>
        <StaleBadge days={deal.staleDays} className="text-sm" />
      </div>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{address}</h1>
      {deal.hideAddress && !deal.addressHidden && (
        <p className="text-sm text-slate-700">{t('addressHiddenFromBuyers')}</p>
      )}
      {price !== null && <p className="text-2xl font-semibold text-brand-800">{formatUsd(price)}</p>}
      {deal.availability === 'no-new-offers' && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {t('availability.pending')}
        </p>
      )}
      {deal.availability === 'unavailable' && (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm font-medium text-slate-900">
          {t('availability.unavailable')}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          aria-pressed={deal.isFavorite}
          onClick={() => favorite.mutate(!deal.isFavorite)}
          disabled={favorite.isPending}
        >
          <span aria-hidden="true">{deal.isFavorite ? '♥' : '♡'}</span>
          {t('favorite.label')}
          <span className="rounded-full bg-slate-100 px-2 text-xs">{deal.favoriteCount}</span>
        </Button>
        {canExpressInterest &&
          !deal.isOwner &&
          available &&
          (deal.hasExpressedInterest ? (
            <>
              <p
                ref={expressedRef}
                tabIndex={-1}
                role="status"
                className="rounded-md bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900"
              >
                {t('interest.expressed')}
              </p>
              {deal.myInterest && <InterestDialog dealId={deal.id} previous={deal.myInterest} />}
            </>
          ) : (
            <InterestDialog dealId={deal.id} />
          ))}
        {bookingLink && !deal.isOwner && (
          <a
            href={bookingLink}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-100"
          >
            {t('scheduleCall')}
            <span className="sr-only"> {t('opensInNewTab')}</span>
          </a>
        )}
        {canManage && (
          <ButtonLink to={`/deals/${encodeURIComponent(deal.id)}/edit`} variant="secondary">
            {t('edit')}
          </ButtonLink>
        )}
        {canManage && (
          <ButtonLink to={offersPath(deal.id)} variant="secondary">
            {t('offersLink')}
          </ButtonLink>
        )}
        {canManage && (
          <ButtonLink to={analyticsPath(deal.id)} variant="secondary">
            {t('analyticsLink')}
          </ButtonLink>
        )}
      </div>
    </header>
  )
}
