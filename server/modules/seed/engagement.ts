import type { FastifyInstance } from 'fastify'
import { asc, inArray } from 'drizzle-orm'
import { dealFavorites, dealInterests, deals, users } from '../../db/schema'

/** The demo buyers who show interest and save listings, so sellers meet a market that is not empty. */
const DEMO_BUYERS = ['buyer@demo.test', 'hybrid@demo.test']

const MESSAGES = [
  'Is the seller flexible on the entry fee? I can close in 21 days.',
  'Could I see the rent roll and the last two mortgage statements?',
  'Interested. When is a good time for a walkthrough this week?',
  'I buy in this area regularly. Is there any deferred maintenance I should know about?',
  'Can the existing loan be assumed as is? Please send the loan terms.',
]

/**
 * Interests and favorites from the demo buyers on live demo listings of other sellers: every 4th listing
 * draws an interest, every 3rd a favorite, offset per buyer so counts differ. Deterministic, like the
 * listings themselves. Answers how many interests were made.
 */
export async function seedEngagement(app: FastifyInstance): Promise<number> {
  const buyers = await app.db.select().from(users).where(inArray(users.email, DEMO_BUYERS))
  const live = await app.db
    .select({ id: deals.id, sellerId: deals.sellerId, createdAt: deals.createdAt })
    .from(deals)
    .where(inArray(deals.status, ['active', 'exclusive', 'pending']))
    .orderBy(asc(deals.createdAt), asc(deals.id))
  const interests: (typeof dealInterests.$inferInsert)[] = []
  const favorites: (typeof dealFavorites.$inferInsert)[] = []
  buyers.forEach((buyer, offset) => {
    const others = live.filter((deal) => deal.sellerId !== buyer.id)
    others.forEach((deal, index) => {
      const at = new Date(Math.min(deal.createdAt.getTime() + (1 + (index % 5)) * 3_600_000, app.now().getTime()))
      if ((index + offset) % 4 === 0) {
        interests.push({
          dealId: deal.id,
          buyerId: buyer.id,
          name: [buyer.firstName, buyer.lastName].filter(Boolean).join(' '),
          phone: buyer.phone ?? '',
          message: MESSAGES[(index + offset) % MESSAGES.length]!,
          createdAt: at,
          updatedAt: at,
        })
      }
      if ((index + offset * 2) % 3 === 0) favorites.push({ userId: buyer.id, dealId: deal.id, createdAt: at })
    })
  })
  await app.db.transaction(async (tx) => {
    for (let start = 0; start < interests.length; start += 200)
      await tx
        .insert(dealInterests)
        .values(interests.slice(start, start + 200))
        .onConflictDoNothing()
    for (let start = 0; start < favorites.length; start += 200)
      await tx
        .insert(dealFavorites)
        .values(favorites.slice(start, start + 200))
        .onConflictDoNothing()
  })
  return interests.length
}
