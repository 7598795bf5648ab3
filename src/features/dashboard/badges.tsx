import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import type { ListingStatus, OfferStatus } from '@/contract'

const badge = 'inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold'

const listingTones: Record<ListingStatus, string> = {
  exclusive: 'bg-violet-100 text-violet-900',
  active: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  sold: 'bg-sky-100 text-sky-900',
  canceled: 'bg-slate-200 text-slate-800',
  deleted: 'bg-red-100 text-red-900',
}

export function ListingStatusBadge({ status }: { status: ListingStatus }) {
  const { t } = useTranslation('values')
  return <span className={clsx(badge, listingTones[status])}>{t(`listingStatuses.${status}`)}</span>
}

const offerTones: Record<OfferStatus, string> = {
  submitted: 'bg-sky-100 text-sky-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-red-100 text-red-900',
  withdrawn: 'bg-slate-200 text-slate-800',
  not_accepted: 'bg-amber-100 text-amber-900',
  released: 'bg-violet-100 text-violet-900',
}

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  const { t } = useTranslation('dashboard')
  return <span className={clsx(badge, offerTones[status])}>{t(`offerStatuses.${status}`)}</span>
}
