import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { rowsOf } from '../../db/rows'
import { matchListingJob } from '../alerts/jobs'

/**
 * Call when a listing goes live (created active or exclusive, or back to either). Spec §4: matching
 * Certified buyers hear first, the other matching buyers once PRIORITY_WINDOW_HOURS have passed. Both waves
 * are `match-listing` jobs (server/modules/alerts) sent in the transaction that records the listing going
 * live, so they happen once per listing: the priority wave at once, the others' after the window (pg-boss
 * times `startAfter` by the database's clock, hence the wall clock here, not `app.now()`). The priority
 * wave records how many Certified buyers were alerted, which the seller sees on the listing.
 */
export async function onListingLive(app: FastifyInstance, dealId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [deal] = await rowsOf<{ id: string }>(
      tx,
      sql`select id from deals
        where id = ${dealId} and status in ('active', 'exclusive') and priority_notified_at is null for update`,
    )
    if (!deal) return
    await tx.execute(sql`update deals set priority_notified_count = 0,
      priority_notified_at = ${app.now().toISOString()} where id = ${dealId}`)
    await app.jobs.send(tx, matchListingJob, { dealId, wave: 'priority' })
    const windowEnd = new Date(Date.now() + app.config.PRIORITY_WINDOW_HOURS * 3_600_000)
    await app.jobs.send(tx, matchListingJob, { dealId, wave: 'everyone' }, { startAfter: windowEnd })
  })
}
