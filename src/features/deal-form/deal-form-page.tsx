import { Navigate, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { hasAllAccess, hasRole, useSignedInUser } from '@/auth'
import { usePageTitle } from '@/components/page-title'
import { Button, ButtonLink } from '@/components/ui/button'
import { PageSpinner } from '@/components/ui/spinner'
import type { User } from '@/contract'
import { useDeal } from './deal-api'
import { DealForm } from './deal-form'

/**
 * `/deals/new` and `/deals/:id/edit`: sellers, owners and admins only (the route's guard sees to that);
 * editing only what they may manage.
 */
export function DealFormPage() {
  const { t } = useTranslation('dealForm')
  const { id } = useParams()
  const user = useSignedInUser()
  usePageTitle(id ? t('page.editTitle') : t('page.newTitle'))

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{id ? t('page.editTitle') : t('page.newTitle')}</h1>
      {id ? <EditDeal id={id} user={user} /> : <DealForm />}
    </div>
  )
}

function EditDeal({ id, user }: { id: string; user: User }) {
  const { t } = useTranslation('dealForm')
  const deal = useDeal(id)
  if (deal.isPending) return <PageSpinner />
  if (deal.isError) {
    if (isApiError(deal.error) && deal.error.status === 403) return <Navigate to="/unauthorized" replace />
    const notFound = isApiError(deal.error) && deal.error.status === 404
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
        <p className="text-sm font-semibold text-red-800">{notFound ? t('errors.notFound') : t('errors.loadFailed')}</p>
        {notFound ? (
          <ButtonLink to="/deals/mine" variant="secondary">
            {t('errors.backToMine')}
          </ButtonLink>
        ) : (
          <Button variant="secondary" onClick={() => void deal.refetch()}>
            {t('form.retry')}
          </Button>
        )}
      </div>
    )
  }
  if (!(deal.data.isOwner && hasRole(user, 'originator')) && !hasAllAccess(user))
    return <Navigate to="/unauthorized" replace />
  return <DealForm key={deal.data.id} deal={deal.data} />
}
