import { useTranslation } from 'react-i18next'
import type { AdminUser } from '@/contract'

/** Active (green) or Deactivated (red), in words. */
export function StatusBadge({ status }: { status: AdminUser['status'] }) {
  const { t } = useTranslation('admin')
  return (
    <span
      className={
        status === 'active'
          ? 'rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800'
          : 'rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800'
      }
    >
      {t(`users.statuses.${status}`)}
    </span>
  )
}
