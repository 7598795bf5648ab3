import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import type { InvitationStatus } from '@/contract'

const tones: Record<InvitationStatus, string> = {
  pending: 'border-brand-200 bg-brand-50 text-brand-800',
  used: 'border-slate-300 bg-slate-100 text-slate-700',
  expired: 'border-amber-300 bg-amber-50 text-amber-900',
  revoked: 'border-red-300 bg-red-50 text-red-800',
}

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  const { t } = useTranslation('signup')
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        tones[status],
      )}
    >
      {t(`invitationStatus.${status}`)}
    </span>
  )
}
