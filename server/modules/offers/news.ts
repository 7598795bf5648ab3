import { and, count, gt, inArray, max, ne } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { offers } from '../../db/schema'

/**
 * Per listing, the offers made after `since` (all of them when null) and the latest one's time. A withdrawn
 * offer is not counted (as in My listings): a replaced offer would otherwise count twice.
 */
export async function offerNewsOf(db: Database, dealIds: string[], since: Date | null) {
  if (dealIds.length === 0) return new Map<string, { count: number; latest: Date }>()
  const rows = await db
    .select({ dealId: offers.dealId, n: count(), latest: max(offers.createdAt) })
    .from(offers)
    .where(
      and(
        inArray(offers.dealId, dealIds),
        ne(offers.status, 'withdrawn'),
        since ? gt(offers.createdAt, since) : undefined,
      ),
    )
    .groupBy(offers.dealId)
  return new Map(rows.map((row) => [row.dealId, { count: Number(row.n), latest: new Date(row.latest ?? 0) }]))
}
