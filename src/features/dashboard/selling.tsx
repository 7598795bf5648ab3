import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import type { DashboardNews, DealNews, ListingStatus } from '@/contract'
import { useFormatDate } from '@/i18n/use-format-date'
import { dealAddress } from '@/lib/deal-address'
import { ListingStatusBadge } from './badges'
import { useDashboardNews, useSellerListings } from './dashboard-api'
import { Section, Skeleton } from './section'

const NEWS_KINDS = ['interests', 'offers', 'messages'] as const
const link = 'text-sm font-semibold text-brand-800 underline underline-offset-2'

/** Selling mode: what is new since the last visit, then the seller's newest listings with their counts. */
export function SellingMode({ userId }: { userId: string }) {
  const { t } = useTranslation('dashboard')
  const news = useDashboardNews(userId)
  const listings = useSellerListings()
  // Both sections appear at once: one by one, the news growing above pushed the listings down as the seller
  // looked at them (a layout shift of 0.35 in Lighthouse). The skeleton is a screen tall, so the footer is
  // never in view to be pushed down either.
  if (news.isPending || listings.isPending) {
    return (
      <div className="min-h-screen">
        <Skeleton label={t('loading')} />
      </div>
    )
  }
  return (
    <div className="grid gap-4">
      <NewsSection news={news} />
      <ListingsSection listings={listings} newsByDeal={new Map(news.data?.deals.map((deal) => [deal.dealId, deal]))} />
    </div>
  )
}

function NewsSection({ news }: { news: ReturnType<typeof useDashboardNews> }) {
  const { t } = useTranslation('dashboard')
  const formatDate = useFormatDate()
  const since = (data: DashboardNews) =>
    data.since ? t('selling.news.since', { date: formatDate(data.since, 'dateTime') }) : t('selling.news.firstVisit')
  return (
    <section
      aria-labelledby="dashboard-news"
      className="grid gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="dashboard-news" className="text-lg font-semibold text-slate-900">
          {t('selling.news.title')}
        </h2>
        {news.isSuccess && <p className="text-sm text-slate-700">{since(news.data)}</p>}
      </div>
      {news.isPending ? (
        <Skeleton label={t('loading')} />
      ) : news.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3">
          <p className="text-sm text-red-800">{t('selling.news.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void news.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : news.data.deals.length === 0 ? (
        <p className="text-sm text-slate-700">
          {news.data.since ? t('selling.news.nothingNew') : t('selling.news.nothingYet')}
        </p>
      ) : (
        <>
          <ul aria-label={t('selling.news.totals')} className="grid grid-cols-3 gap-2 sm:gap-3">
            {NEWS_KINDS.map((kind) => (
              <li key={kind} className="grid rounded-lg bg-white p-3 text-center shadow-sm">
                <span className="text-2xl font-bold text-slate-900">{news.data[kind]}</span>
                <span className="text-xs text-slate-700 sm:text-sm">
                  {t(`selling.news.${kind}`, { count: news.data[kind] })}
                </span>
              </li>
            ))}
          </ul>
          <h3 className="text-sm font-semibold text-slate-900">{t('selling.news.byListing')}</h3>
          <ul className="grid gap-2">
            {news.data.deals.slice(0, NEWS_LISTINGS).map((deal) => (
              <ListingLine
                key={deal.dealId}
                id={deal.dealId}
                place={deal}
                status={deal.status}
                counts={<NewsBadges news={deal} />}
              />
            ))}
          </ul>
          {news.data.deals.length > NEWS_LISTINGS && (
            <p className="text-sm text-slate-700">
              {t('selling.news.more', { count: news.data.deals.length - NEWS_LISTINGS })}
            </p>
          )}
          {news.data.messages > 0 && (
            <Link to="/chat" className={`justify-self-start ${link}`}>
              {t('selling.news.openChat')}
            </Link>
          )}
        </>
      )}
    </section>
  )
}

/** Listings with news shown by name; past these, a count (the seller's own listings page has them all). */
const NEWS_LISTINGS = 8

function NewsBadges({ news }: { news: DealNews }) {
  const { t } = useTranslation('dashboard')
  return (
    <>
      {NEWS_KINDS.filter((kind) => news[kind] > 0).map((kind) => (
        <NewBadge key={kind}>{t(`selling.listings.new.${kind}`, { count: news[kind] })}</NewBadge>
      ))}
    </>
  )
}

function ListingsSection({
  listings,
  newsByDeal,
}: {
  listings: ReturnType<typeof useSellerListings>
  newsByDeal: Map<string, DealNews>
}) {
  const { t } = useTranslation('dashboard')
  return (
    <Section
      title={t('selling.listings.title')}
      query={listings}
      loadFailed={t('selling.listings.loadFailed')}
      isEmpty={(data) => data.total === 0}
      empty={{ text: t('selling.listings.empty'), action: t('selling.listings.emptyAction'), to: '/deals/new' }}
      more={
        <Link to="/deals/mine" className={link}>
          {t('selling.listings.manage')}
        </Link>
      }
    >
      {(data) => (
        <>
          <ul className="grid gap-2">
            {data.items.map((deal) => {
              const news = newsByDeal.get(deal.id)
              return (
                <ListingLine
                  key={deal.id}
                  id={deal.id}
                  place={deal}
                  status={deal.status}
                  counts={
                    <>
                      <span>{t('selling.listings.interests', { count: deal.interestCount })}</span>
                      <span>{t('selling.listings.offers', { count: deal.offerCount })}</span>
                      {news && <NewsBadges news={news} />}
                    </>
                  }
                />
              )
            })}
          </ul>
          {data.total > data.items.length && (
            <p className="text-sm text-slate-700">
              {t('selling.listings.shown', { shown: data.items.length, total: data.total })}{' '}
              <Link to="/deals/mine" className={link}>
                {t('selling.listings.seeAll')}
              </Link>
            </p>
          )}
        </>
      )}
    </Section>
  )
}

type Place = { streetAddress: string | null; city: string; state: string; zipCode: string }

/** One listing on a line: its address (to the listing), status, counts, and its offers table. */
function ListingLine({
  id,
  place,
  status,
  counts,
}: {
  id: string
  place: Place
  status: ListingStatus
  counts: ReactNode
}) {
  const { t } = useTranslation('dashboard')
  // The seller always sees their own street.
  const address = dealAddress({ ...place, addressHidden: false }, t('undisclosed'))
  return (
    <li className="grid gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white px-3 py-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <Link to={`/deals/${id}`} className="font-semibold text-brand-800 hover:underline">
            {address.street}
          </Link>
          <span className="text-xs text-slate-600">{address.locality}</span>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-800">
          <ListingStatusBadge status={status} />
          {counts}
        </div>
      </div>
      <Link
        to={`/deals/${id}/offers`}
        className={`justify-self-start sm:justify-self-end ${link}`}
        aria-label={t('selling.listings.viewOffersFor', { address: address.full })}
      >
        {t('selling.listings.viewOffers')}
      </Link>
    </li>
  )
}

function NewBadge({ children }: { children: string }) {
  return (
    <span className="inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      {children}
    </span>
  )
}
