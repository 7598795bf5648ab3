import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ListingConfirmation } from '../../../src/contract'
import type { Database } from '../../db/client'
import { deals } from '../../db/schema'
import { AppError } from '../../http/errors'
import { assertMayManage, findLiveDeal, type DealRow } from '../deals/repository'
import { writingDeals } from '../deals/service'
import type { UserRow } from '../users/repository'

/** Statuses a seller keeps fresh: the listing is on the market. */
export const LIVE_STATUSES = ['active', 'exclusive'] as const

const isLive = (status: DealRow['status']) => (LIVE_STATUSES as readonly string[]).includes(status)

export const listingNotLive = () => new AppError(410, 'listing_not_live', 'listingNotLive')

/**
 * The listing counts as updated now: a new stale period begins (and any reminder is forgotten). Only a
 * listing on the market is confirmed; one sold, canceled or pending answers 410.
 */
export async function confirmListing(
  app: FastifyInstance,
  dealId: string,
  by: Pick<UserRow, 'id' | 'roles'> | null,
): Promise<ListingConfirmation> {
  return writingDeals(app.db, async (tx) => {
    const current = await findLiveDeal(tx, dealId, { lock: true })
    if (by) assertMayManage(by, current)
    if (!isLive(current.status)) throw listingNotLive()
    const confirmedAt = app.now()
    await tx.update(deals).set({ confirmedAt, staleRemindedAt: null }).where(eq(deals.id, dealId))
    return { dealId, confirmedAt: confirmedAt.toISOString() }
  })
}

/** Listings `db` finds by a freshness condition, oldest first, in pages the job works through. */
export async function dealIdsWhere(db: Database, condition: ReturnType<typeof sql>): Promise<string[]> {
  const rows = await db
    .select({ id: deals.id })
    .from(deals)
    .where(sql`${deals.status} in ('active', 'exclusive') and ${condition}`)
    .orderBy(deals.confirmedAt)
    .limit(500)
  return rows.map((row) => row.id)
}
