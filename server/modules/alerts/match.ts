import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { PreferencesSchema, type SEARCH_FREQUENCIES } from '../../../src/contract'
import type { Reason } from '../../../src/contract/matching'
import { timeZoneOfState } from '../../../src/contract/time-zones'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { findLiveDeal, toDeal } from '../deals/repository'
import { criteriaFromStored } from '../matching/load'
import { scoreListingForBuyers } from '../matching/score'
import type { BuyerCriteria } from '../matching/criteria'
import { savedSearchesFitting } from '../saved-searches/fitting'
import { candidatesFor, eligibleAmong, type Candidate, type ListingPlace } from './candidates'
import { sendAlert, type Channel } from './send'

/**
 * A listing alerts a buyer whose buy box and preferences score it at least this much (0–100), unless its
 * place or its kind of deal is a miss (the scorer's `area`, `dealType`): a good price in the wrong town, or a
 * creative deal for a cash-only buy box, is no alert.
 */
export const ALERT_MIN_SCORE = 50
/** Buy boxes scored per call of the scorer (the calculator runs once per listing, not per buyer). */
const BATCH = 1000

type Frequency = (typeof SEARCH_FREQUENCIES)[number]
export type Wave = 'priority' | 'everyone'

type Planned = {
  buyer: Candidate
  savedSearchId: string | null
  savedSearchName: string | null
  frequency: Frequency
  channels: Channel[]
  score: number
  reasons: Reason[]
}

/**
 * Frequency and channels of the buy box's alerts, from the preferences. A buyer with a buy box and no
 * (parsable) preferences has chosen neither: they get the in-app notice at once, nothing more (no channel
 * to unsubscribe from, and nowhere to keep an unsubscribe until they save preferences).
 */
function buyBoxDelivery(preferences: unknown): { frequency: Frequency; channels: Channel[] } {
  const parsed = preferences == null ? null : PreferencesSchema.safeParse(preferences)
  if (!parsed?.success) return { frequency: 'real-time', channels: [] }
  return { frequency: parsed.data.searchFrequency, channels: parsed.data.notificationChannels }
}

const stateOf = (preferences: unknown) =>
  preferences && typeof preferences === 'object' && 'state' in preferences && typeof preferences.state === 'string'
    ? preferences.state
    : null

const MUSTS: readonly string[] = ['area', 'dealType']
const mustMissed = (reasons: readonly Reason[]) => reasons.some((r) => MUSTS.includes(r.code) && r.outcome === 'miss')

/** The candidates whose buy box and preferences score the listing high enough, scored in batches. */
function byBuyBox(listing: Parameters<typeof scoreListingForBuyers>[0], buyers: Candidate[], now: Date): Planned[] {
  const planned: Planned[] = []
  for (let start = 0; start < buyers.length; start += BATCH) {
    const batch = buyers.slice(start, start + BATCH)
    const criteria: BuyerCriteria[] = batch.map((b) => criteriaFromStored(b.buyBox, b.preferences))
    scoreListingForBuyers(listing, criteria, { now }).forEach(({ score, reasons }, index) => {
      if (score < ALERT_MIN_SCORE || mustMissed(reasons)) return
      const buyer = batch[index]!
      planned.push({
        buyer,
        savedSearchId: null,
        savedSearchName: null,
        ...buyBoxDelivery(buyer.preferences),
        score,
        reasons,
      })
    })
  }
  return planned
}

/**
 * Saved searches the listing fits whose owners are eligible and not planned by their buy box: a fitting
 * search alerts with its own frequency and channels and the owner's score for the listing (whatever it is:
 * the search's filters, not the score, chose the listing).
 */
async function bySavedSearch(
  db: Database,
  place: ListingPlace,
  listing: Parameters<typeof scoreListingForBuyers>[0],
  planned: ReadonlySet<string>,
  certifiedOnly: boolean,
  now: Date,
): Promise<Planned[]> {
  const searches = (await savedSearchesFitting(db, place.id)).filter((s) => !planned.has(s.userId))
  const owners = await eligibleAmong(db, place, [...new Set(searches.map((s) => s.userId))], { certifiedOnly })
  const found: Planned[] = []
  for (const buyer of owners) {
    // A buyer with several fitting searches hears once, through the first (oldest) one.
    const search = searches.find((s) => s.userId === buyer.id)!
    const [scored] = scoreListingForBuyers(listing, [criteriaFromStored(buyer.buyBox, buyer.preferences)], { now })
    found.push({
      buyer,
      savedSearchId: search.id,
      savedSearchName: search.name,
      frequency: search.frequency,
      channels: search.channels,
      score: scored!.score,
      reasons: scored!.reasons,
    })
  }
  return found
}

/**
 * One run of `match-listing`: the listing (still live) against the buyers the SQL prefilter finds, Certified
 * ones only in the priority wave; each alert recorded once (`on conflict do nothing`: a listing is never
 * alerted twice to a buyer, and a job that runs twice records and sends nothing twice); real-time ones sent
 * now and marked sent in the same transaction. The priority wave also records how many Certified buyers
 * were alerted, which the seller sees on the listing.
 */
export async function matchListing(app: FastifyInstance, dealId: string, wave: Wave): Promise<number> {
  return app.db.transaction(async (tx) => {
    const [live] = await rowsOf<{ id: string }>(
      tx,
      sql`select id from deals where id = ${dealId} and status in ('active', 'exclusive') for update`,
    )
    if (!live) return 0
    const row = await findLiveDeal(tx, dealId)
    const listing = await toDeal(tx, row, { id: row.sellerId, roles: [] })
    const now = app.now()
    const certifiedOnly = wave === 'priority'
    const place: ListingPlace = row
    const fromBuyBox = byBuyBox(listing, await candidatesFor(tx, place, { certifiedOnly }), now)
    const planned = new Set(fromBuyBox.map((p) => p.buyer.id))
    const all = [...fromBuyBox, ...(await bySavedSearch(tx, place, listing, planned, certifiedOnly, now))]
    let recorded = 0
    for (const alert of all) {
      const [inserted] = await rowsOf<{ userId: string }>(
        tx,
        sql`insert into match_alerts (user_id, deal_id, saved_search_id, frequency, score, reasons, created_at)
          values (${alert.buyer.id}, ${dealId}, ${alert.savedSearchId}, ${alert.frequency}, ${alert.score},
            ${JSON.stringify(alert.reasons)}::jsonb, ${now.toISOString()})
          on conflict do nothing returning user_id as "userId"`,
      )
      if (!inserted) continue
      recorded += 1
      if (alert.frequency !== 'real-time') continue
      const reader = { ...alert.buyer, timeZone: timeZoneOfState(stateOf(alert.buyer.preferences)) }
      await sendAlert(app, tx, row, reader, alert)
      await tx.execute(sql`update match_alerts set sent_at = ${now.toISOString()}
        where user_id = ${alert.buyer.id} and deal_id = ${dealId}`)
    }
    if (certifiedOnly) {
      await tx.execute(sql`update deals set priority_notified_count = priority_notified_count + ${recorded}
        where id = ${dealId}`)
    }
    return recorded
  })
}
