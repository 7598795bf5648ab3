import { and, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { BodyOutput, endpoints, Interest, ReceivedInterest } from '../../../src/contract'
import type { Database } from '../../db/client'
import { dealInterests } from '../../db/schema'
import { AppError } from '../../http/errors'
import { readAll } from '../../db/reads'
import { dealThreadsByBuyer } from '../chat/deal-threads'
import { pushChatEvents, startOrContinueThread } from '../chat/service'
import { emailsOf, peopleOf, type UserRow } from '../users/repository'
import { notifySellerOfInterest } from './interest-mail'
import { availabilityOf, findLiveDeal, type DealRow } from './repository'

/** A buyer may tell the seller of a listing that is not their own and still takes offers or interest. */
export function assertMayExpressInterest(deal: Pick<DealRow, 'sellerId' | 'status'>, buyer: { id: string }) {
  if (deal.sellerId === buyer.id) throw new AppError(403, 'own_listing', 'ownListingInterest')
  if (availabilityOf(deal.status) === 'unavailable') {
    throw new AppError(409, 'listing_unavailable', 'listingUnavailable')
  }
}

/**
 * Records a buyer's interest (one per buyer and listing: telling the seller again replaces the message),
 * mails the seller, and makes the message the next one of the buyer's conversation with the seller about
 * this listing (started if there was none; the seller's bell says so). A blocked conversation takes no
 * message, but the interest itself still reaches the seller by mail and in the interested-buyers list.
 */
export async function expressInterest(
  app: FastifyInstance,
  buyer: UserRow,
  dealId: string,
  { name, phone, message }: BodyOutput<typeof endpoints.expressInterest>,
): Promise<Interest> {
  const { interest, pushes } = await app.db.transaction(async (tx) => {
    // Read and check again under a row lock: the listing may have been sold since the route's checks.
    const deal = await findLiveDeal(tx, dealId, { lock: true })
    assertMayExpressInterest(deal, buyer)
    const [row] = await tx
      .insert(dealInterests)
      .values({ dealId: deal.id, buyerId: buyer.id, name, phone, message })
      .onConflictDoUpdate({
        target: [dealInterests.dealId, dealInterests.buyerId],
        set: { name, phone, message, updatedAt: sql`now()` },
      })
      .returning()
    if (!row) throw new Error('Interest upsert returned nothing')
    const started = await startOrContinueThread(app, tx, buyer, { dealId: deal.id, message, ifBlocked: 'skip' })
    await notifySellerOfInterest(app, tx, deal, { name, phone, message, email: buyer.email })
    return { interest: row, pushes: started?.pushes ?? [] }
  })
  await pushChatEvents(app, pushes)
  return {
    id: interest.id,
    dealId: interest.dealId,
    buyerId: interest.buyerId,
    name: interest.name,
    phone: interest.phone,
    email: buyer.email,
    message: interest.message,
    createdAt: interest.createdAt.toISOString(),
  }
}

/**
 * Who expressed interest in a listing, latest first, with the e-mail of their account, their Certified badge
 * and their conversation with the seller about it (null when there is none).
 */
export async function interestsOf(db: Database, dealId: string): Promise<ReceivedInterest[]> {
  const rows = await db
    .select()
    .from(dealInterests)
    .where(eq(dealInterests.dealId, dealId))
    .orderBy(desc(dealInterests.updatedAt))
  const buyerIds = rows.map((row) => row.buyerId)
  const [emails, people, threads] = await readAll(db, [
    () => emailsOf(db, buyerIds),
    () => peopleOf(db, buyerIds),
    () => dealThreadsByBuyer(db, dealId, buyerIds),
  ])
  return rows.map((interest) => ({
    id: interest.id,
    dealId: interest.dealId,
    buyerId: interest.buyerId,
    name: interest.name,
    phone: interest.phone,
    email: emails.get(interest.buyerId) ?? '',
    message: interest.message,
    createdAt: interest.createdAt.toISOString(),
    certified: people.get(interest.buyerId)?.certifiedBuyer ?? false,
    threadId: threads.get(interest.buyerId) ?? null,
  }))
}

/** Whether this buyer has expressed interest in this listing (ids must be UUIDs). */
export async function hasExpressedInterest(db: Database, dealId: string, buyerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: dealInterests.id })
    .from(dealInterests)
    .where(and(eq(dealInterests.dealId, dealId), eq(dealInterests.buyerId, buyerId)))
    .limit(1)
  return rows.length > 0
}
