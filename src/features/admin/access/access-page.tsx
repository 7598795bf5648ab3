import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useAccessSummary } from './access-api'
import { CapacityCard } from './capacity-card'
import { InvitationsSection } from './invitations-section'
import { WaitlistSection } from './waitlist-section'

/** Admin panel → Beta access: members against capacity and the limits, the waitlist, every invitation. */
export function AccessPage() {
  const { t } = useTranslation('admin')
  const summary = useAccessSummary()
  if (summary.isPending) return <Spinner label={t('access.loading')} />
  if (summary.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm text-red-700">
        {t('access.loadFailed')}
        <Button variant="secondary" size="sm" onClick={() => void summary.refetch()}>
          {t('access.retry')}
        </Button>
      </div>
    )
  }
  return (
    <div className="grid grid-cols-1 gap-6">
      <CapacityCard key={`${summary.data.betaCapacity}-${summary.data.invitationBatchLimit}`} summary={summary.data} />
      <WaitlistSection batchLimit={summary.data.invitationBatchLimit} />
      <InvitationsSection />
    </div>
  )
}
