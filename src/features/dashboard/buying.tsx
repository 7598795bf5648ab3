import { useTranslation } from 'react-i18next'
import { useFormatDate } from '@/i18n/use-format-date'
import { formatUsd } from '@/lib/format-currency'
import { dealAddress, type DealPlace } from '@/lib/deal-address'
import { messagePreview } from '@/lib/truncate'
import { ListingStatusBadge, OfferStatusBadge } from './badges'
import { DASHBOARD_LIST_SIZE, useFavorites, useMyInterests, useMyOffers, useUnreadThreads } from './dashboard-api'
import { DealTerms, Section, SectionItem, SectionMore } from './section'
import { BestMatchesSection } from './best-matches'

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
              <SectionItem
                key={offer.id}
                to={`/deals/${offer.deal.id}`}
                label={place.full}
                badge={<OfferStatusBadge status={offer.status} />}
              >
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
              </SectionItem>
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
      more={<SectionMore to="/chat">{t('buying.conversations.all')}</SectionMore>}
    >
      {(data) => (
        <ul>
          {data.items.map((thread) => (
            <SectionItem
              key={thread.threadId}
              to={`/chat/${thread.threadId}`}
              label={thread.deal ? address(thread.deal).full : t('buying.conversations.ownersClub')}
              badge={
                <span className="inline-flex shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                  {t('buying.conversations.unread', { count: thread.unreadCount })}
                </span>
              }
            >
              <p className="text-xs text-slate-600">
                {t('buying.conversations.with', { name: thread.seller.name || t('buying.conversations.seller') })}
              </p>
              {thread.lastMessage && (
                <p className="text-sm text-slate-800">{messagePreview(thread.lastMessage.body)}</p>
              )}
            </SectionItem>
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
        <SectionMore to="/deals?interested=true">
          {t('buying.interests.seeAll', { count: interests.data?.length ?? 0 })}
        </SectionMore>
      }
    >
      {(data) => (
        <ul>
          {data.slice(0, DASHBOARD_LIST_SIZE).map((interest) => (
            <SectionItem
              key={interest.id}
              to={`/deals/${interest.deal.id}`}
              label={address(interest.deal).full}
              badge={<ListingStatusBadge status={interest.deal.status} />}
            >
              <p className="text-xs text-slate-600">
                {t('buying.interests.sentOn', { date: formatDate(interest.createdAt) })}
              </p>
              <p className="text-sm text-slate-800">{messagePreview(interest.message)}</p>
            </SectionItem>
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
        <SectionMore to="/deals?favorites=true">
          {t('buying.favorites.seeAll', { count: favorites.data?.total ?? DASHBOARD_LIST_SIZE })}
        </SectionMore>
      }
    >
      {(data) => (
        <ul>
          {data.items.map((deal) => (
            <SectionItem
              key={deal.id}
              to={`/deals/${deal.id}`}
              label={address(deal).full}
              badge={<ListingStatusBadge status={deal.status} />}
            >
              <DealTerms deal={deal} />
            </SectionItem>
          ))}
        </ul>
      )}
    </Section>
  )
}
