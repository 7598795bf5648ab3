import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { InvitationValidation } from '@/contract'
import { InvitationStatusBadge } from './status-badge'
import { useFormatDate } from '@/i18n/use-format-date'

/** What the server says about one invitation, as a description list. */
export function InvitationDetails({ invitation }: { invitation: InvitationValidation }) {
  const { t } = useTranslation('signup')
  const formatDate = useFormatDate()
  const rows: [string, ReactNode][] = [
    [t('details.valid'), invitation.valid ? t('details.yes') : t('details.no')],
    [t('details.role'), t(`roles.${invitation.role}`)],
    [t('details.email'), invitation.email ?? t('details.anyEmail')],
    [
      t('details.expires'),
      <time key="expires" dateTime={invitation.expiresAt}>
        {formatDate(invitation.expiresAt, 'longDateTime')}
      </time>,
    ],
    [t('details.status'), <InvitationStatusBadge key="status" status={invitation.status} />],
  ]
  return (
    <dl className="grid gap-3 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-0.5 sm:contents">
          <dt className="text-sm font-medium text-slate-600">{term}</dt>
          <dd className="text-sm break-all text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
