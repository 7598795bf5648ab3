import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button, ButtonLink } from '@/components/ui/button'
import type { DashboardNews, DealNews } from '@/contract'
import { useFormatDate } from '@/i18n/use-format-date'
import { dealAddress } from '@/lib/deal-address'
import { ListingStatusBadge } from './badges'
import { useDashboardNews, useSellerListings } from './dashboard-api'
import { Section, Skeleton } from './section'

const NEWS_KINDS = ['interests', 'offers', 'messages'] as const

/** Selling mode: what is new since the last visit, then the seller's listings with their counts. */
export function SellingMode({ userId }: { userId: string }) {
  const news = useDashboardNews(userId, true)
  return (
    <div className="grid gap-4">
      <NewsSection news={news} />
      <ListingsSection newsByDeal={new Map(news.data?.deals.map((deal) => [deal.dealId, deal]))} />
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
      <div className="flex flex-wrap items-baseline justify-between gap-2">
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
      ) : news.data.interests + news.data.offers + news.data.messages === 0 ? (
        <p className="text-sm text-slate-700">{t('selling.news.nothingNew')}</p>
      ) : (
        <>
          <ul className="grid grid-cols-3 gap-2 sm:gap-3">
            {NEWS_KINDS.map((kind) => (
              <li key={kind} className="grid rounded-lg bg-white p-3 text-center shadow-sm">
                <span className="text-2xl font-bold text-slate-900">{news.data[kind]}</span>
                <span className="text-xs text-slate-700 sm:text-sm">
                  {t(`selling.news.${kind}`, { count: news.data[kind] })}
                </span>
              </li>
            ))}
          </ul>
          {news.data.messages > 0 && (
            <Link
              to="/chat"
              className="justify-self-start text-sm font-semibold text-brand-800 underline underline-offset-2"
            >
              {t('selling.news.openChat')}
            </Link>
          )}
        </>
      )}
    </section>
  )
}

function ListingsSection({ newsByDeal }: { newsByDeal: Map<string, DealNews> }) {
  const { t } = useTranslation('dashboard')
  const listings = useSellerListings()
  return (
    <Section
      title={t('selling.listings.title')}
      query={listings}
      loadFailed={t('selling.listings.loadFailed')}
      isEmpty={(data) => data.total === 0}
      empty={{ text: t('selling.listings.empty'), action: t('selling.listings.emptyAction'), to: '/deals/new' }}
      more={
        <Link to="/deals/mine" className="text-sm font-semibold text-brand-800 underline underline-offset-2">
          {t('selling.listings.manage')}
        </Link>
      }
    >
      {(data) => (
        <>
          <ul className="grid gap-3 md:grid-cols-2">
            {data.items.map((deal) => {
              const address = dealAddress(deal, t('undisclosed'))
              const news = newsByDeal.get(deal.id)
              return (
                <li key={deal.id} className="grid gap-2 rounded-lg border border-slate-200 p-3">
                  <div className="flex items-start justify-between gap-2">
                    <div className="grid">
                      <Link to={`/deals/${deal.id}`} className="font-semibold text-brand-800 hover:underline">
                        {address.street}
                      </Link>
                      <span className="text-xs text-slate-600">{address.locality}</span>
                    </div>
                    <ListingStatusBadge status={deal.status} />
                  </div>
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-800">
                    <span>
                      {t('selling.listings.interests', { count: deal.interestCount })}
                      {news && news.interests > 0 && (
                        <NewBadge>{t('selling.listings.newInterests', { count: news.interests })}</NewBadge>
                      )}
                    </span>
                    <span>
                      {t('selling.listings.offers', { count: deal.offerCount })}
                      {news && news.offers > 0 && (
                        <NewBadge>{t('selling.listings.newOffers', { count: news.offers })}</NewBadge>
                      )}
                    </span>
                    {news && news.messages > 0 && (
                      <NewBadge>{t('selling.listings.newMessages', { count: news.messages })}</NewBadge>
                    )}
                  </div>
                  <ButtonLink
                    to={`/deals/${deal.id}/offers`}
                    variant="secondary"
                    size="sm"
                    className="justify-self-start"
                    aria-label={t('selling.listings.viewOffersFor', { address: address.full })}
                  >
                    {t('selling.listings.viewOffers')}
                  </ButtonLink>
                </li>
              )
            })}
          </ul>
          {data.total > data.items.length && (
            <p className="text-sm text-slate-700">
              {t('selling.listings.shown', { shown: data.items.length, total: data.total })}
            </p>
          )}
        </>
      )}
    </Section>
  )
}

function NewBadge({ children }: { children: string }) {
  return (
    <span className="ml-1.5 inline-flex rounded-full bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
      {children}
    </span>
  )
}
