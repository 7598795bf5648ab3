import { useTranslation } from 'react-i18next'

/** "Not updated in 31 days": a live listing its seller has not edited or confirmed for the stale period. */
export function StaleBadge({ days, className = '' }: { days: number | null; className?: string }) {
  const { t } = useTranslation('common')
  if (days === null) return null
  return (
    <span className={`rounded bg-slate-700 px-2 py-0.5 text-xs font-semibold text-white ${className}`}>
      {t('freshness.notUpdated', { count: days })}
    </span>
  )
}
