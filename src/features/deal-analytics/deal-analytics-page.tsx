import { useQuery } from '@tanstack/react-query'
import { Link, Navigate, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { queryFor } from '@/api/queries'
import { endpoints, type DealAnalytics } from '@/contract'
import { usePageTitle } from '@/components/page-title'
import { Button, ButtonLink } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { BandsSection, ComparisonSection, FunnelSection, PrioritySection } from './sections'
import { SeriesSection } from './series-section'

const statusOf = (error: unknown) => (isApiError(error) ? error.status : undefined)
/** A 403 or 404 is an answer (the page says so), never retried. */
const retryServerErrors = (count: number, error: unknown) => !(isApiError(error) && error.status < 500) && count < 2

/**
 * `/deals/:id/analytics`: a listing's analytics for its seller, admins and owners (the server refuses anyone
 * else: the app's 403 page; an unknown or deleted listing: the 404 answer). It never reads the listing
 * itself, so opening it is not a view.
 */
export function DealAnalyticsPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('dealAnalytics')
  const analytics = useQuery({ ...queryFor(endpoints.dealAnalytics, { params: { id } }), retry: retryServerErrors })
  const status = statusOf(analytics.error)
  usePageTitle(status === 404 ? t('notFound') : analytics.isError ? t('loadError') : undefined)

  if (status === 403) return <Navigate to="/unauthorized" replace />
  if (status === 404) {
    return (
      <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 className="text-3xl font-bold text-slate-900">{t('notFound')}</h1>
        <ButtonLink to="/deals/mine">{t('myListings')}</ButtonLink>
      </div>
    )
  }
  if (analytics.isPending) {
    return (
      <div className="mx-auto grid max-w-7xl px-4 py-20">
        <Spinner label={t('loading')} />
      </div>
    )
  }
  if (analytics.isError) {
    return (
      <div role="alert" className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t('loadError')}</h1>
        <Button onClick={() => void analytics.refetch()}>{t('retry')}</Button>
      </div>
    )
  }
  return <Analytics analytics={analytics.data} />
}

function Analytics({ analytics }: { analytics: DealAnalytics }) {
  const { t } = useTranslation('dealAnalytics')
  const { streetAddress, city, state, zipCode } = analytics.address
  usePageTitle(t('pageTitle', { address: streetAddress }))
  const dealPath = `/deals/${encodeURIComponent(analytics.dealId)}`
  // The matching buyers per band come from the matching module's own endpoint (they cost more to count).
  const bands = useQuery({ ...queryFor(endpoints.dealMatchBands, { params: { id: analytics.dealId } }), retry: false })
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6">
      <nav aria-label={t('breadcrumb')}>
        <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-700">
          <li>
            <Link to="/deals/mine" className="font-medium text-brand-800 underline-offset-2 hover:underline">
              {t('myListings')}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={dealPath} className="font-medium text-brand-800 underline-offset-2 hover:underline">
              {streetAddress}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page">{t('heading')}</li>
        </ol>
      </nav>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('heading')}</h1>
        <p className="text-slate-700">{`${streetAddress} · ${city}, ${state} ${zipCode}`}</p>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <FunnelSection analytics={analytics} />
        <div className="grid content-start gap-6">
          <PrioritySection analytics={analytics} />
          <BandsSection bands={bands.data} />
        </div>
      </div>
      <SeriesSection analytics={analytics} />
      <ComparisonSection analytics={analytics} />
    </div>
  )
}
