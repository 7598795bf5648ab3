import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client'
import { deals } from '../../db/schema'
import { jobName } from '../../jobs/service'
import { addressFor } from '../deals/facts'
import { findLiveDeal, type DealRow } from '../deals/repository'
import { applyStatusChange, writingDeals } from '../deals/service'
import { mailPhrase } from '../mail/templates'
import { createNotification } from '../notifications/service'
import { getSetting } from '../settings/service'
import { findUserById } from '../users/repository'
import { dealIdsWhere, LIVE_STATUSES } from './service'
import { confirmToken } from './token'

/** Daily: remind the sellers of listings gone stale, cancel those still unconfirmed long after the reminder. */
export const listingFreshnessJob = jobName<Record<string, never>>('listing-freshness')

const DAY_MS = 86_400_000
const daysBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / DAY_MS)

/**
 * Defines the daily job (14:00 UTC, morning across the US). Idempotent: each listing is judged again under
 * its row lock, a reminder is recorded in the same transaction as its notice and mail (so a second run sends
 * nothing), and a canceled listing is no longer live.
 */
export function defineFreshnessJob(app: FastifyInstance) {
  app.jobs.define(listingFreshnessJob, async () => runFreshness(app), {
    cron: '0 14 * * *',
    retryLimit: 3,
    retryDelaySeconds: 300,
    retryBackoff: true,
    policy: 'singleton',
  })
}

export async function runFreshness(app: FastifyInstance): Promise<void> {
  const now = app.now()
  const { listingStaleAfterDays, listingCancelAfterDays } = await getSetting(app.db, 'listing_freshness')
  const staleBefore = new Date(now.getTime() - listingStaleAfterDays * DAY_MS)
  const cancelBefore = new Date(now.getTime() - listingCancelAfterDays * DAY_MS)
  const due = {
    remind: sql`${deals.staleRemindedAt} is null and ${deals.confirmedAt} <= ${staleBefore}`,
    cancel: sql`${deals.staleRemindedAt} is not null and ${deals.staleRemindedAt} <= ${cancelBefore}`,
  }
  for (const id of await dealIdsWhere(app.db, due.cancel)) await cancelStale(app, id, due.cancel, now)
  for (const id of await dealIdsWhere(app.db, due.remind)) await remindSeller(app, id, due.remind, now)
}

/** The listing, locked, when it still meets `condition` (another run may have handled it meanwhile). */
async function lockIfStill(tx: Database, id: string, condition: ReturnType<typeof sql>): Promise<DealRow | null> {
  const [still] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(sql`${deals.id} = ${id} and ${deals.status} in ${LIVE_STATUSES} and ${condition}`)
    .for('update')
  return still ? findLiveDeal(tx, id) : null
}

async function remindSeller(app: FastifyInstance, id: string, condition: ReturnType<typeof sql>, now: Date) {
  await writingDeals(app.db, async (tx) => {
    const deal = await lockIfStill(tx, id, condition)
    const seller = deal && (await findUserById(tx, deal.sellerId))
    if (!deal || !seller) return
    await tx
      .update(deals)
      .set({ staleRemindedAt: now })
      .where(sql`${deals.id} = ${id}`)
    const address = await addressFor(deal, seller)
    const days = String(daysBetween(deal.confirmedAt, now))
    const link = `${app.config.PUBLIC_URL}/deals/${deal.id}`
    await createNotification(tx, {
      userId: seller.id,
      type: 'listing_stale',
      title: 'Listing not updated',
      message: await mailPhrase(seller.language, 'listingStale.notice', { address, days }),
      dealId: deal.id,
      path: `/deals/${deal.id}`,
      createdAt: now,
    })
    const token = encodeURIComponent(await confirmToken(tx, deal.id))
    await app.mail.send(
      {
        to: seller.email,
        template: 'listingStale',
        language: seller.language,
        data: {
          name: seller.firstName ?? '',
          address,
          days,
          link,
          confirmLink: `${app.config.PUBLIC_URL}/listing-confirm?token=${token}`,
        },
      },
      { db: tx },
    )
  })
}

async function cancelStale(app: FastifyInstance, id: string, condition: ReturnType<typeof sql>, now: Date) {
  await writingDeals(app.db, async (tx) => {
    const deal = await lockIfStill(tx, id, condition)
    const seller = deal && (await findUserById(tx, deal.sellerId))
    if (!deal || !seller) return
    const days = String(daysBetween(deal.confirmedAt, now))
    const reason = await mailPhrase(seller.language, 'listingAutoCanceled.reason', { days })
    await applyStatusChange(
      tx,
      null,
      deal,
      { status: 'canceled', onPlatform: false, comments: null, reason },
      { source: 'system' },
    )
    const address = await addressFor(deal, seller)
    await createNotification(tx, {
      userId: seller.id,
      type: 'listing_auto_canceled',
      title: 'Listing canceled',
      message: await mailPhrase(seller.language, 'listingAutoCanceled.notice', { address, days }),
      dealId: deal.id,
      path: `/deals/${deal.id}`,
      createdAt: now,
    })
    await app.mail.send(
      {
        to: seller.email,
        template: 'listingAutoCanceled',
        language: seller.language,
        data: { name: seller.firstName ?? '', address, days, link: `${app.config.PUBLIC_URL}/deals/${deal.id}` },
      },
      { db: tx },
    )
  })
}
