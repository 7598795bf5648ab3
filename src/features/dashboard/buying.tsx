import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFormatDate } from '@/i18n/use-format-date'
import { formatUsd } from '@/lib/format-currency'
import { dealAddress, type DealPlace } from '@/lib/deal-address'
import { messagePreview } from '@/lib/truncate'
import { ListingStatusBadge, OfferStatusBadge } from './badges'
import { DASHBOARD_LIST_SIZE, useFavorites, useMyInterests, useMyOffers, useUnreadThreads } from './dashboard-api'
import { Section } from './section'
import { BestMatchesSection } from './best-matches'

const row = 'grid gap-1 border-t border-slate-100 py-3 first:border-t-0 first:pt-0 last:pb-0'
const dealLink = 'font-semibold text-brand-800 hover:underline'

function useAddress() {
  const { t } = useTranslation('dashboard')
  return (place: DealPlace) => dealAddress(place, t('undisclosed'))
}

/** Buying mode: the buyer's offers, unread conversations, interests and favorites (spec §2 /dashboard). */
export function BuyingMode() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <BestMatchesSection />
      <OffersSection />
      <UnreadSection />
      <InterestsSection />
      <FavoritesSection />
    </div>
  )
}

function OffersSection() {
  const { t } = useTranslation('dashboard')
  const formatDate = useFormatDate()
  const address = useAddress()
  const offers = useMyOffers()
  return (
    <Section
      title={t('buying.offers.title')}
      query={offers}
      loadFailed={t('buying.offers.loadFailed')}
      isEmpty={(data) => data.length === 0}
      empty={{ text: t('buying.offers.empty'), action: t('buying.offers.emptyAction'), to: '/deals' }}
    >
      {(data) => (
        <ul>
          {data.map((offer) => {
            const place = address(offer.deal)
            return (
              <li key={offer.id} className={row}>
                <div className="flex items-start justify-between gap-2">
                  <Link to={`/deals/${offer.deal.id}`} className={dealLink}>
                    {place.full}
                  </Link>
                  <OfferStatusBadge status={offer.status} />
                </div>
                <p className="text-sm text-slate-800">
                  {offer.type === 'cash'
                    ? t('buying.offers.cash', { amount: formatUsd(offer.purchasePrice) })
                    : t('buying.offers.creative', { amount: formatUsd(offer.entryFee) })}
                </p>
                <p className="text-xs text-slate-600">
                  {t('buying.offers.sentOn', { date: formatDate(offer.createdAt) })} ·{' '}
                  {t('buying.offers.closeOn', { date: formatDate(offer.closeOfEscrowDate) })}
                </p>
                {offer.declineReason && (
                  <p className="text-xs text-slate-700">
                    {t('buying.offers.declineReason', { reason: offer.declineReason })}
                  </p>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </Section>
  )
}

function UnreadSection() {
  const { t } = useTranslation('dashboard')
  const address = useAddress()
  const threads = useUnreadThreads()
  return (
    <Section
      title={t('buying.conversations.title')}
      query={threads}
      loadFailed={t('buying.conversations.loadFailed')}
      isEmpty={(data) => data.items.length === 0}
      empty={{ text: t('buying.conversations.empty'), action: t('buying.conversations.emptyAction'), to: '/chat' }}
      more={
        <Link to="/chat" className="text-sm font-semibold text-brand-800 underline underline-offset-2">
          {t('buying.conversations.all')}
        </Link>
      }
    >
      {(data) => (
        <ul>
          {data.items.map((thread) => (
            <li key={thread.threadId} className={row}>
              <div className="flex items-start justify-between gap-2">
                <Link to={`/chat/${thread.threadId}`} className={dealLink}>
                  {address(thread.deal).full}
                </Link>
                <span className="inline-flex shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                  {t('buying.conversations.unread', { count: thread.unreadCount })}
                </span>
              </div>
              <p className="text-xs text-slate-600">
                {t('buying.conversations.with', { name: thread.seller.name || t('buying.conversations.seller') })}
              </p>
              {thread.lastMessage && (
                <p className="text-sm text-slate-800">{messagePreview(thread.lastMessage.body)}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

function InterestsSection() {
  const { t } = useTranslation('dashboard')
  const formatDate = useFormatDate()
  const address = useAddress()
  const interests = useMyInterests()
  return (
    <Section
      title={t('buying.interests.title')}
      query={interests}
      loadFailed={t('buying.interests.loadFailed')}
      isEmpty={(data) => data.length === 0}
      empty={{ text: t('buying.interests.empty'), action: t('buying.interests.emptyAction'), to: '/deals' }}
      more={
        <Link to="/deals?interested=true" className="text-sm font-semibold text-brand-800 underline underline-offset-2">
          {t('buying.interests.seeAll', { count: interests.data?.length ?? 0 })}
        </Link>
      }
    >
      {(data) => (
        <ul>
          {data.slice(0, DASHBOARD_LIST_SIZE).map((interest) => (
            <li key={interest.id} className={row}>
              <div className="flex items-start justify-between gap-2">
                <Link to={`/deals/${interest.deal.id}`} className={dealLink}>
                  {address(interest.deal).full}
                </Link>
                <ListingStatusBadge status={interest.deal.status} />
              </div>
              <p className="text-xs text-slate-600">
                {t('buying.interests.sentOn', { date: formatDate(interest.createdAt) })}
              </p>
              <p className="text-sm text-slate-800">{messagePreview(interest.message)}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

function FavoritesSection() {
  const { t } = useTranslation('dashboard')
  const address = useAddress()
  const favorites = useFavorites()
  return (
    <Section
      title={t('buying.favorites.title')}
      query={favorites}
      loadFailed={t('buying.favorites.loadFailed')}
      isEmpty={(data) => data.items.length === 0}
      empty={{ text: t('buying.favorites.empty'), action: t('buying.favorites.emptyAction'), to: '/deals' }}
      more={
        <Link to="/deals?favorites=true" className="text-sm font-semibold text-brand-800 underline underline-offset-2">
          {t('buying.favorites.seeAll', { count: favorites.data?.total ?? DASHBOARD_LIST_SIZE })}
        </Link>
      }
    >
      {(data) => (
        <ul>
          {data.items.map((deal) => (
            <li key={deal.id} className={row}>
              <div className="flex items-start justify-between gap-2">
                <Link to={`/deals/${deal.id}`} className={dealLink}>
                  {address(deal).full}
                </Link>
                <ListingStatusBadge status={deal.status} />
              </div>
              <p className="text-sm text-slate-800">
                {t(`values:dealCategories.${deal.dealCategory}`)}
                {deal.purchasePrice !== null && ` · ${formatUsd(deal.purchasePrice)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
