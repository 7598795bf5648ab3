import { and, count, desc, eq, gt, inArray, max, ne } from 'drizzle-orm'
import type { MyInterest } from '../../../src/contract'
import type { Database } from '../../db/client'
import { dealInterests, deals } from '../../db/schema'
import type { UserRow } from '../users/repository'
import { dealAsSeenBy, dealFacts } from './facts'

/** The buyer's own interests, latest first, each with its listing as they may see it; deleted listings left out. */
export async function myInterests(db: Database, viewer: UserRow): Promise<MyInterest[]> {
  const rows = await db
    .select()
    .from(dealInterests)
    .where(eq(dealInterests.buyerId, viewer.id))
    .orderBy(desc(dealInterests.updatedAt), desc(dealInterests.id))
  const facts = await dealFacts(db, [...new Set(rows.map((row) => row.dealId))])
  return rows.flatMap((row) => {
    const deal = facts.get(row.dealId)
    if (!deal || deal.status === 'deleted') return []
    return [
      { id: row.id, message: row.message, createdAt: row.updatedAt.toISOString(), deal: dealAsSeenBy(deal, viewer) },
    ]
  })
}

/** The listings `sellerId` sells that are not deleted, as their seller sees them. */
export async function liveListingsOf(db: Database, sellerId: string) {
  return db
    .select({
      id: deals.id,
      streetAddress: deals.streetAddress,
      city: deals.city,
      state: deals.state,
      zipCode: deals.zipCode,
      status: deals.status,
    })
    .from(deals)
    .where(and(eq(deals.sellerId, sellerId), ne(deals.status, 'deleted')))
}

/** Per listing, the interests told (or told again) after `since` (all of them when null), and the latest. */
export async function interestNewsOf(db: Database, dealIds: string[], since: Date | null) {
  if (dealIds.length === 0) return new Map<string, { count: number; latest: Date }>()
  const rows = await db
    .select({ dealId: dealInterests.dealId, n: count(), latest: max(dealInterests.updatedAt) })
    .from(dealInterests)
    .where(and(inArray(dealInterests.dealId, dealIds), since ? gt(dealInterests.updatedAt, since) : undefined))
    .groupBy(dealInterests.dealId)
  return new Map(rows.map((row) => [row.dealId, { count: Number(row.n), latest: new Date(row.latest ?? 0) }]))
}
