import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import type { ListingStatus } from '@/contract'

const tones: Record<ListingStatus, string> = {
  exclusive: 'bg-violet-100 text-violet-900',
  active: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  sold: 'bg-sky-100 text-sky-900',
  canceled: 'bg-slate-200 text-slate-800',
  deleted: 'bg-red-100 text-red-900',
}

export function StatusBadge({ status }: { status: ListingStatus }) {
  const { t } = useTranslation('values')
  return (
    <span className={clsx('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', tones[status])}>
      {t(`listingStatuses.${status}`)}
    </span>
  )
}
