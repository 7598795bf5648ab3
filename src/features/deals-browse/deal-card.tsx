import { useId } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import type { DealSummary } from '@/contract'
import { formatUsd } from '@/lib/format-currency'
import { dealAddress } from '@/lib/deal-address'
import { formatRate } from '@/lib/format-rate'
import { StaleBadge } from '@/components/ui/stale-badge'
import { MatchPill, MatchReasons } from '@/components/match/match-score'

const VISIBLE_TAGS = 3

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

type DealCardProps = {
  deal: DealSummary
  onToggleFavorite: (deal: DealSummary) => void
  /** The first cards' photos are the page's largest paint: fetched at once and first, not lazily. */
  eager?: boolean
}

/** One result: the whole card opens the listing; the heart is its own button beside the link. */
export function DealCard({ deal, onToggleFavorite, eager = false }: DealCardProps) {
  const { t, i18n } = useTranslation('dealsBrowse')
  const countId = useId()
  const address = dealAddress(deal, t('card.addressUndisclosed'))
  const typeLabel =
    deal.dealCategory === 'creative' && deal.purchaseType
      ? t(`values:purchaseTypes.${deal.purchaseType}`)
      : t(`values:dealCategories.${deal.dealCategory}`)
  const facts = [
    deal.bedrooms !== null && t('card.beds', { count: deal.bedrooms, value: number.format(deal.bedrooms) }),
    deal.bathrooms !== null && t('card.baths', { count: deal.bathrooms, value: number.format(deal.bathrooms) }),
    deal.squareFootage !== null && t('card.sqft', { value: number.format(deal.squareFootage) }),
  ].filter(Boolean)
  const terms = [
    deal.dealCategory === 'creative' &&
      deal.entryFee !== null &&
      t('card.entryFee', { value: formatUsd(deal.entryFee) }),
    deal.dealCategory === 'creative' &&
      deal.interestRate !== null &&
      t('card.interestRate', { value: formatRate(deal.interestRate, i18n.language.startsWith('es') ? 'es' : 'en') }),
    deal.monthlyPayment !== null && t('card.monthlyPayment', { value: formatUsd(deal.monthlyPayment) }),
  ].filter(Boolean)

  return (
    <article className="relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <div className="relative aspect-[4/3] bg-slate-100">
        {deal.coverPhotoUrl ? (
          <img
            src={deal.coverPhotoUrl}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            className="h-full w-full object-cover"
          />
        ) : (
          <PhotoPlaceholder />
        )}
        <div className="absolute top-2 left-2 flex max-w-[65%] flex-col items-start gap-1">
          <span
            className={clsx(
              'rounded px-2 py-0.5 text-xs font-semibold text-white',
              deal.dealCategory === 'cash' ? 'bg-teal-700' : 'bg-purple-700',
            )}
          >
            {typeLabel}
          </span>
          {deal.availability === 'no-new-offers' && (
            <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {t('card.noNewOffers')}
            </span>
          )}
          <StaleBadge days={deal.staleDays} />
        </div>
      </div>
      <div className="grid flex-1 content-start gap-1 p-4">
        <h3 className="text-lg font-bold text-slate-900">
          {/* The link's box covers the card so anywhere opens it; the favorite button sits above it. */}
          <Link to={`/deals/${deal.id}`} className="after:absolute after:inset-0 focus:outline-none">
            {formatUsd(deal.purchasePrice) || t('card.priceOnRequest')}
            <span className="sr-only">, {address.full}</span>
          </Link>
        </h3>
        <p className="grid text-sm text-slate-700" aria-hidden="true">
          <span className="break-words">{address.street}</span>
          <span>{address.locality}</span>
        </p>
        {facts.length > 0 && <p className="text-sm text-slate-600">{facts.join(' · ')}</p>}
        {terms.length > 0 && <p className="text-sm font-medium text-slate-800">{terms.join(' · ')}</p>}
        {deal.match && (
          <div className="mt-1 grid justify-items-start gap-1">
            <MatchPill score={deal.match.score} />
            <MatchReasons reasons={deal.match.reasons} />
          </div>
        )}
        {deal.tags.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('card.tags')}>
            {deal.tags.slice(0, VISIBLE_TAGS).map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {t(`values:tags.${tag}`)}
              </li>
            ))}
            {deal.tags.length > VISIBLE_TAGS && (
              <li className="px-1 text-xs text-slate-600">
                {t('card.moreTags', { count: deal.tags.length - VISIBLE_TAGS })}
              </li>
            )}
          </ul>
        )}
      </div>
      <button
        type="button"
        aria-pressed={deal.isFavorite}
        aria-label={deal.isFavorite ? t('favorite.remove') : t('favorite.add')}
        aria-describedby={countId}
        onClick={() => onToggleFavorite(deal)}
        className="absolute right-2 top-2 z-10 inline-flex items-center gap-1 rounded-full bg-white/95 px-2.5 py-1 text-sm font-semibold text-slate-800 shadow hover:bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <HeartIcon filled={deal.isFavorite} />
        <span aria-hidden="true">{deal.favoriteCount}</span>
        <span id={countId} className="sr-only">
          {t('favorite.count', { count: deal.favoriteCount })}
        </span>
      </button>
    </article>
  )
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={clsx('h-4 w-4', filled ? 'text-red-600' : 'text-slate-500')}>
      <path
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        d="M12 21s-7.5-4.6-9.5-9.3C1.1 8.3 3.3 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.7 0 5.9 3.8 4.5 7.2C19.5 16.4 12 21 12 21z"
      />
    </svg>
  )
}

/** A neutral house outline for listings without photos. */
function PhotoPlaceholder() {
  return (
    <div className="flex h-full w-full items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200">
      <svg viewBox="0 0 64 64" aria-hidden="true" className="h-16 w-16 text-slate-400">
        <path fill="none" stroke="currentColor" strokeWidth="3" d="M8 30 32 10l24 20M14 26v28h36V26M26 54V38h12v16" />
      </svg>
    </div>
  )
}

export function DealCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse overflow-hidden rounded-lg border border-slate-200 bg-white">
      <div className="aspect-[4/3] bg-slate-200" />
      <div className="grid gap-2 p-4">
        <div className="h-5 w-1/2 rounded bg-slate-200" />
        <div className="h-4 w-3/4 rounded bg-slate-200" />
        <div className="h-4 w-2/3 rounded bg-slate-200" />
      </div>
    </div>
  )
}
