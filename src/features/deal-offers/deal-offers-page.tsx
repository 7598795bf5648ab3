import { useRef } from 'react'
import { Link, Navigate, useParams, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import type { Deal } from '@/contract'
import { usePageTitle } from '@/components/page-title'
import { Button, ButtonLink } from '@/components/ui/button'
import { PageSpinner, Spinner } from '@/components/ui/spinner'
import { dealAddressLine } from '@/lib/truncate'
import { useExportOffers, useLiveOffers, useOffersDeal, useReceivedOffers } from './deal-offers-api'
import { DiscountRateField } from './discount-rate-field'
import { readDiscountRate } from './offer-values'
import { OffersTable } from './offers-table'

const statusOf = (error: unknown) => (isApiError(error) ? error.status : undefined)

/**
 * `/deals/:id/offers`: the offers a listing received, for its seller, admins and owners (the server refuses
 * anyone else: the app's 403 page; an unknown or deleted listing: the 404 page).
 */
export function DealOffersPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('myListings')
  const deal = useOffersDeal(id)
  const offers = useReceivedOffers(id)
  useLiveOffers(id)
  const refused = statusOf(offers.error) === 403
  const missing = statusOf(deal.error) === 404 || statusOf(offers.error) === 404
  usePageTitle(missing ? t('dealDetail:notFound.title') : deal.isError ? t('offers.loadListingFailed') : undefined)

  if (refused) return <Navigate to="/unauthorized" replace />
  // The same answer as the listing's own page for an unknown or deleted listing.
  if (missing) {
    return (
      <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 className="text-3xl font-bold text-slate-900">{t('dealDetail:notFound.title')}</h1>
        <p className="text-slate-700">{t('dealDetail:notFound.body')}</p>
        <ButtonLink to="/deals/mine">{t('page.title')}</ButtonLink>
      </div>
    )
  }
  if (deal.isPending) return <PageSpinner />
  if (deal.isError) {
    return (
      <div role="alert" className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t('offers.loadListingFailed')}</h1>
        <Button onClick={() => void deal.refetch()}>{t('actions.retry')}</Button>
      </div>
    )
  }
  return <DealOffers deal={deal.data} offers={offers} />
}

function DealOffers({ deal, offers }: { deal: Deal; offers: ReturnType<typeof useReceivedOffers> }) {
  const { t } = useTranslation('myListings')
  const address = dealAddressLine(
    { address: deal.streetAddress, hideAddress: false, city: deal.city, state: deal.state, zip: deal.zipCode },
    t('undisclosed'),
  )
  usePageTitle(t('offers.pageTitle', { address }))
  const [params] = useSearchParams()
  const discountRate = readDiscountRate(params)
  const exportCsv = useExportOffers(deal.id, discountRate)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const dealPath = `/deals/${encodeURIComponent(deal.id)}`
  const hasOffers = offers.isSuccess && offers.data.length > 0

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6">
      <nav aria-label={t('offers.breadcrumb')}>
        <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-700">
          <li>
            <Link to="/deals/mine" className="font-medium text-brand-800 underline-offset-2 hover:underline">
              {t('page.title')}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={dealPath} className="font-medium text-brand-800 underline-offset-2 hover:underline">
              {address}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page">{t('offers.heading')}</li>
        </ol>
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 outline-none sm:text-3xl">
            {t('offers.heading')}
          </h1>
          <p className="text-slate-700">
            {deal.streetAddress ? `${address} · ${deal.city}, ${deal.state} ${deal.zipCode}` : address}
          </p>
        </div>
        {hasOffers && (
          <Button variant="secondary" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
            {exportCsv.isPending ? t('offers.exporting') : t('offers.exportCsv')}
          </Button>
        )}
      </div>
      {deal.availability === 'no-new-offers' && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">{t('offers.pending')}</p>
      )}
      {deal.availability === 'unavailable' && (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm font-medium text-slate-900">
          {t('offers.unavailable', { status: t(`values:listingStatuses.${deal.status}`) })}
        </p>
      )}
      {offers.isPending ? (
        <Spinner label={t('offers.loading')} />
      ) : offers.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="text-sm text-red-800">{t('offers.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void offers.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      ) : offers.data.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <p className="font-semibold text-slate-900">{t('offers.empty.title')}</p>
          <p className="max-w-prose text-sm text-slate-700">{t('offers.empty.body')}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <ButtonLink to={dealPath} variant="secondary">
              {t('offers.empty.viewListing')}
            </ButtonLink>
            <ButtonLink to="/chat" variant="secondary">
              {t('offers.empty.conversations')}
            </ButtonLink>
          </div>
        </div>
      ) : (
        <div className="grid min-w-0 gap-3">
          <DiscountRateField rate={discountRate} />
          <p className="text-sm font-medium text-slate-700" aria-live="polite">
            {t('offers.count', { count: offers.data.length })}
          </p>
          <OffersTable
            offers={offers.data}
            listing={deal}
            discountRate={discountRate}
            canDecide={deal.availability === 'available'}
            canMessage={deal.isOwner}
            address={address}
            fallbackFocus={() => headingRef.current?.focus()}
          />
        </div>
      )}
    </div>
  )
}
