import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { DashboardNews } from '../../../src/contract'
import type { Database } from '../../db/client'
import { dashboardVisits } from '../../db/schema'
import { readAll } from '../../db/reads'
import { messageNewsOf } from '../chat/news'
import { interestNewsOf, liveListingsOf } from '../deals/my-interests'
import { offerNewsOf } from '../offers/news'

/**
 * Starts the user's dashboard visit now: the visit that was under way becomes the previous one, which is
 * what the news counts from. The SPA starts one per browser session (spec §3's fetch attempt marker).
 */
export async function startVisit(app: FastifyInstance, userId: string): Promise<DashboardNews> {
  const [visit] = await app.db
    .insert(dashboardVisits)
    .values({ userId, visitedAt: sql`now()`, previousVisitAt: null })
    .onConflictDoUpdate({
      target: dashboardVisits.userId,
      set: { previousVisitAt: sql`${dashboardVisits.visitedAt}`, visitedAt: sql`now()` },
    })
    .returning()
  return newsSince(app.db, userId, visit?.previousVisitAt ?? null)
}

/** What is new since the previous visit, without starting one. */
export async function currentNews(app: FastifyInstance, userId: string): Promise<DashboardNews> {
  const [visit] = await app.db.select().from(dashboardVisits).where(eq(dashboardVisits.userId, userId))
  return newsSince(app.db, userId, visit?.previousVisitAt ?? null)
}

/** Interests, offers and buyers' messages on the seller's live listings after `since` (everything when null). */
async function newsSince(db: Database, sellerId: string, since: Date | null): Promise<DashboardNews> {
  const listings = await liveListingsOf(db, sellerId)
  const dealIds = listings.map((listing) => listing.id)
  const [interests, offers, messages] = await readAll(db, [
    () => interestNewsOf(db, dealIds, since),
    () => offerNewsOf(db, dealIds, since),
    () => messageNewsOf(db, sellerId, dealIds, since),
  ])
  const deals = listings
    .map(({ id: dealId, ...listing }) => {
      const parts = [interests.get(dealId), offers.get(dealId), messages.get(dealId)]
      const latest = Math.max(0, ...parts.map((part) => part?.latest.getTime() ?? 0))
      return {
        dealId,
        ...listing,
        interests: parts[0]?.count ?? 0,
        offers: parts[1]?.count ?? 0,
        messages: parts[2]?.count ?? 0,
        latest,
      }
    })
    .filter((deal) => deal.interests + deal.offers + deal.messages > 0)
    .sort((a, b) => b.latest - a.latest || a.dealId.localeCompare(b.dealId))
  const total = (key: 'interests' | 'offers' | 'messages') => deals.reduce((sum, deal) => sum + deal[key], 0)
  return {
    since: since?.toISOString() ?? null,
    interests: total('interests'),
    offers: total('offers'),
    messages: total('messages'),
    deals: deals.map(({ latest: _latest, ...deal }) => deal),
  }
}
