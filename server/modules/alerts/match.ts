import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Reason } from '../../../src/contract/matching'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { scoreBuyersForListing } from '../matching/buyers-for-listing'
import { scorableListings, type ScorableListing } from '../matching/listings'
import { criteriaFromStored } from '../matching/load'
import { scoreListingForBuyers } from '../matching/score'
import { savedSearchesFitting } from '../saved-searches/fitting'
import { alertEligible, eligibleAmong, preferencesOf } from './candidates'
import { buyBoxDelivery, type Frequency } from './delivery-prefs'
import { deliverAlertJob, type Wave } from './job-names'

/**
 * A listing alerts a buyer whose buy box and preferences score it at least this much (0–100), unless its
 * place or its kind of deal is a miss (the scorer's `area`, `dealType`): a good price in the wrong town, or a
 * creative deal for a cash-only buy box, is no alert.
 */
export const ALERT_MIN_SCORE = 50

export type { Wave }

type Planned = {
  userId: string
  savedSearchId: string | null
  frequency: Frequency
  score: number
  reasons: Reason[]
}

const MUSTS: readonly string[] = ['area', 'dealType']
const mustMissed = (reasons: readonly Reason[]) => reasons.some((r) => MUSTS.includes(r.code) && r.outcome === 'miss')

/**
 * The buyers the matching prefilter finds (buyers-for-listing.ts: the one place prefilter, here narrowed to
 * who may be alerted) whose buy box and preferences score the listing high enough, at the frequency their
 * preferences choose.
 */
async function byBuyBox(db: Database, listing: ScorableListing, certifiedOnly: boolean, now: Date): Promise<Planned[]> {
  const scores = await scoreBuyersForListing(db, listing, { now, where: alertEligible(listing, certifiedOnly) })
  const alerted = scores.filter(({ match }) => match.score >= ALERT_MIN_SCORE && !mustMissed(match.reasons))
  const preferences = await preferencesOf(
    db,
    alerted.map((one) => one.userId),
  )
  return alerted.map(({ userId, match }) => ({
    userId,
    savedSearchId: null,
    frequency: buyBoxDelivery(preferences.get(userId)).frequency,
    score: match.score,
    reasons: match.reasons,
  }))
}

/**
 * Saved searches the listing fits whose owners are eligible and not planned by their buy box: a fitting
 * search alerts with its own frequency and channels and the owner's score for the listing (whatever it is:
 * the search's filters, not the score, chose the listing).
 */
async function bySavedSearch(
  db: Database,
  listing: ScorableListing,
  planned: ReadonlySet<string>,
  certifiedOnly: boolean,
  now: Date,
): Promise<Planned[]> {
  const searches = (await savedSearchesFitting(db, listing.id)).filter((s) => !planned.has(s.userId))
  const owners = await eligibleAmong(db, listing, [...new Set(searches.map((s) => s.userId))], { certifiedOnly })
  const scores = scoreListingForBuyers(
    listing,
    owners.map((owner) => criteriaFromStored(owner.buyBox, owner.preferences)),
    { now },
  )
  return owners.map((owner, index) => {
    // A buyer with several fitting searches hears once, through the first (oldest) one.
    const search = searches.find((s) => s.userId === owner.id)!
    const { score, reasons } = scores[index]!
    return { userId: owner.id, savedSearchId: search.id, frequency: search.frequency, score, reasons }
  })
}

/**
 * One run of `match-listing`: the listing (still live) against the buyers the SQL prefilter finds, Certified
 * ones only in the priority wave; each alert recorded once (`on conflict do nothing`: a listing is never
 * alerted twice to a buyer, and a job that runs twice records nothing twice). A real-time alert is handed to
 * its own `deliver-alert` job, sent in this transaction: one buyer whose delivery fails is retried alone,
 * never the listing's other buyers. The priority wave also records how many Certified buyers were alerted,
 * which the seller sees on the listing.
 */
export async function matchListing(app: FastifyInstance, dealId: string, wave: Wave): Promise<number> {
  return app.db.transaction(async (tx) => {
    const [live] = await rowsOf<{ id: string }>(
      tx,
      sql`select id from deals where id = ${dealId} and status in ('active', 'exclusive') for update`,
    )
    if (!live) return 0
    const [listing] = await scorableListings(tx, sql`d.id = ${dealId}`, 1)
    const now = app.now()
    const certifiedOnly = wave === 'priority'
    const fromBuyBox = await byBuyBox(tx, listing!, certifiedOnly, now)
    const planned = new Set(fromBuyBox.map((p) => p.userId))
    const all = [...fromBuyBox, ...(await bySavedSearch(tx, listing!, planned, certifiedOnly, now))]
    let recorded = 0
    for (const alert of all) {
      const [inserted] = await rowsOf<{ userId: string }>(
        tx,
        sql`insert into match_alerts (user_id, deal_id, saved_search_id, frequency, score, reasons, created_at)
          values (${alert.userId}, ${dealId}, ${alert.savedSearchId}, ${alert.frequency}, ${alert.score},
            ${JSON.stringify(alert.reasons)}::jsonb, ${now.toISOString()})
          on conflict do nothing returning user_id as "userId"`,
      )
      if (!inserted) continue
      recorded += 1
      if (alert.frequency === 'real-time') await app.jobs.send(tx, deliverAlertJob, { dealId, userId: alert.userId })
    }
    if (certifiedOnly) {
      await tx.execute(sql`update deals set priority_notified_count = priority_notified_count + ${recorded}
        where id = ${dealId}`)
    }
    return recorded
  })
}
