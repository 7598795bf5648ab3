import { Link, useLocation, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { hasAllAccess, hasRole, useAuth } from '@/auth'
import type { Deal } from '@/contract'
import { usePageTitle } from '@/components/page-title'
import { Button, ButtonLink } from '@/components/ui/button'
import { PageSpinner } from '@/components/ui/spinner'
import { formatRelativeTime } from '@/lib/relative-time'
import { MessageSellerButton } from '@/features/chat'
import { CalculatorPanel } from './calculator-panel'
import { useDeal } from './deal-detail-api'
import { DealFacts } from './deal-facts'
import { DealHeader, useAddressLine } from './deal-header'
import { formatDate } from '@/lib/format-date'
import { languageOf } from './format'
import { InterestedBuyers } from './interested-buyers'
import { OfferPanel } from './offers/offer-panel'
import { PhotoGallery } from './photo-gallery'
import { StatusHistory } from './status-history'
import { StillAvailable } from './still-available'
import { DealMatchPanel, MatchingBuyers } from './match-panel'

/** `/deals/:id`: listings are for members (the route's guard sends a visitor to sign in first). */
export function DealDetailPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('dealDetail')
  const query = useDeal(id)
  const fromNotice = (useLocation().state as { fromNotice?: unknown } | null)?.fromNotice === true
  const notFound = isApiError(query.error) && query.error.status === 404
  // Opened from a notice about it: the listing existed, so it was taken down (deleted), not mistyped.
  const gone = notFound && fromNotice
  const notFoundTitle = gone ? t('notFound.goneTitle') : t('notFound.title')
  usePageTitle(notFound ? notFoundTitle : query.isError ? t('loadFailed') : undefined)

  if (query.isPending) return <PageSpinner />
  if (notFound) {
    return (
      <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{notFoundTitle}</h1>
        <p className="text-slate-700">{gone ? t('notFound.goneBody') : t('notFound.body')}</p>
        <ButtonLink to="/deals">{t('notFound.browse')}</ButtonLink>
      </div>
    )
  }
  if (query.isError) {
    return (
      <div role="alert" className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t('loadFailed')}</h1>
        <Button onClick={() => void query.refetch()}>{t('retry')}</Button>
      </div>
    )
  }
  return <DealDetail deal={query.data} />
}

function DealDetail({ deal }: { deal: Deal }) {
  const { t, i18n } = useTranslation('dealDetail')
  const { user } = useAuth()
  const address = useAddressLine(deal)
  usePageTitle(address)
  const language = languageOf(i18n.language)
  // Its seller manages a listing only while they hold the seller role (the server says the same).
  const canManage = (deal.isOwner && hasRole(user, 'originator')) || hasAllAccess(user)
  const canExpressInterest = hasRole(user, 'buyer') || hasAllAccess(user)
  const seller = deal.listedBy
  const sellerName = [seller.firstName, seller.lastName].filter(Boolean).join(' ')

  return (
    <div className="mx-auto grid max-w-page gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid content-start gap-6">
        <Link to="/deals" className="text-sm font-medium text-brand-800 underline-offset-2 hover:underline">
          <span aria-hidden="true">← </span>
          {t('backToListings')}
        </Link>
        <PhotoGallery photos={deal.photos} address={address} />
        <DealHeader deal={deal} canManage={canManage} canExpressInterest={canExpressInterest} />
        {canManage && <StillAvailable deal={deal} />}
        <OfferPanel deal={deal} />
        <section aria-labelledby="description-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <h2 id="description-title" className="text-base font-semibold text-slate-900">
            {t('sections.description')}
          </h2>
          <p className="mt-2 whitespace-pre-line text-sm text-slate-800">{deal.dealDescription}</p>
        </section>
        <DealFacts deal={deal} />
      </div>
      <aside className="grid content-start gap-6">
        <section aria-labelledby="listed-by-title" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <h2 id="listed-by-title" className="text-base font-semibold text-slate-900">
            {t('listedBy.title')}
          </h2>
          <div className="mt-2 flex items-center gap-3">
            {seller.companyLogoUrl && (
              <img
                src={seller.companyLogoUrl}
                alt={t('listedBy.logo', { company: seller.companyName ?? sellerName })}
                className="size-10 rounded object-contain"
              />
            )}
            <div>
              {sellerName && <p className="font-medium text-slate-900">{sellerName}</p>}
              {seller.companyName && <p className="text-slate-700">{seller.companyName}</p>}
            </div>
          </div>
          <p className="mt-2 text-slate-700">
            {t('listedBy.listedOn')}{' '}
            <time dateTime={deal.listedOn} title={formatDate(deal.listedOn, language, 'longDate')}>
              {formatRelativeTime(deal.listedOn, { language, justNow: t('common.justNow') })}
            </time>
          </p>
          {/* Anyone but the listing's own seller may write to them (spec §1). */}
          {!deal.isOwner && (
            <div className="mt-3">
              <MessageSellerButton dealId={deal.id} />
            </div>
          )}
        </section>
        {!deal.isOwner && <DealMatchPanel dealId={deal.id} />}
        <CalculatorPanel deal={deal} />
        {canManage && <MatchingBuyers dealId={deal.id} />}
        {canManage && <InterestedBuyers deal={deal} />}
        <StatusHistory entries={deal.statusHistory} />
      </aside>
    </div>
  )
}
