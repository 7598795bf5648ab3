import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { BuyBoxSchema, PreferencesSchema, type BuyBox, type Preferences } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { mailPhrase } from '../mail/templates'
import { createNotification, usersNotifiedAbout } from '../notifications/service'
import { buyersForPlace, type BuyerForPlace } from '../profile/buyers-for-place'
import { addressFor, noticeDealInfo } from './facts'

/** The listing facts a buy box or preferences are matched against. */
export type MatchableDeal = {
  id: string
  sellerId: string
  streetAddress: string
  hideAddress: boolean
  city: string
  state: string
  zipCode: string
  dealCategory: 'cash' | 'creative'
  propertyType: string
  purchasePrice: number | null
  /** The duplicate-check key (address.ts): two versions of one property share it. */
  normalizedAddress: string
}

/**
 * A buy box matches on its ZIP codes, its type (cash, creative or both), its property types and price
 * range; preferences on their ZIP codes or their state and city, and their property types. Empty lists
 * and missing bounds mean "any". Either one matching is enough.
 */
export function matchesBuyBox(deal: MatchableDeal, box: BuyBox): boolean {
  if (!box.zipCodes.includes(deal.zipCode)) return false
  if (box.type !== 'both' && box.type !== deal.dealCategory) return false
  if (box.propertyTypes.length > 0 && !box.propertyTypes.includes(deal.propertyType as never)) return false
  const price = deal.purchasePrice
  if (price !== null && box.minPrice != null && price < box.minPrice) return false
  if (price !== null && box.maxPrice != null && price > box.maxPrice) return false
  return true
}

export function matchesPreferences(deal: MatchableDeal, preferences: Preferences): boolean {
  const place =
    preferences.zipCodes.includes(deal.zipCode) ||
    (preferences.state.toUpperCase() === deal.state.toUpperCase() &&
      preferences.city.trim().toLowerCase() === deal.city.trim().toLowerCase())
  if (!place) return false
  const types = preferences.propertyTypes as readonly string[]
  return types.length === 0 || types.includes(deal.propertyType)
}

type Candidate = BuyerForPlace

const MATCH_TYPES = ['deal_match', 'deal_match_priority']

/**
 * Buyers (and owners, who keep a buy box) whose buy box or preferences match the listing, never its
 * own seller, nor anyone already told about another live listing of the same property (a seller's cash and
 * creative versions of one house: one mail is enough). The profile module narrows by place; the rest is
 * decided here with the contract's own schemas, so a stored document from an older version still parses.
 */
export async function matchingBuyers(db: Database, deal: MatchableDeal, certified: boolean) {
  const near = await buyersForPlace(db, deal, { certified, exceptUserId: deal.sellerId })
  const matching = near.filter((buyer) => {
    const box = BuyBoxSchema.safeParse(buyer.buyBox)
    const preferences = PreferencesSchema.safeParse(buyer.preferences)
    return (
      (box.success && matchesBuyBox(deal, box.data)) ||
      (preferences.success && matchesPreferences(deal, preferences.data))
    )
  })
  const told = await usersNotifiedAbout(db, {
    userIds: matching.map((buyer) => buyer.id),
    dealIds: await otherLiveVersionsOf(db, deal),
    types: MATCH_TYPES,
  })
  return matching.filter((buyer) => !told.has(buyer.id))
}

/** The other live listings of the same property (same normalised address), any seller. */
async function otherLiveVersionsOf(db: Database, deal: MatchableDeal): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from deals where normalized_address = ${deal.normalizedAddress}
      and id <> ${deal.id} and status not in ('deleted', 'sold', 'canceled')`,
  )
  return rows.map((row) => row.id)
}

/**
 * An in-app notification and an outbox mail per buyer, in each buyer's language, naming the listing as it shows
 * itself to them (`addressFor`: owners, who keep a buy box, see a hidden street; buyers do not).
 */
async function notify(app: FastifyInstance, tx: Database, deal: MatchableDeal, buyers: Candidate[], priority: boolean) {
  const link = `${app.config.PUBLIC_URL}/deals/${deal.id}`
  for (const buyer of buyers) {
    const address = await addressFor(deal, buyer)
    const data = { name: buyer.firstName ?? '', address, link, ...(priority && { context: 'priority' }) }
    const notice = await mailPhrase(buyer.language, 'dealMatch.notice', { address })
    await createNotification(tx, {
      userId: buyer.id,
      type: priority ? 'deal_match_priority' : 'deal_match',
      dealId: deal.id,
      title: notice,
      message: notice,
      dealInfo: noticeDealInfo(deal, buyer),
      createdAt: app.now(),
    })
    await app.mail.send({ to: buyer.email, template: 'dealMatch', language: buyer.language, data }, { db: tx })
  }
}

const DEAL_FACTS =
  sql.raw(`id, seller_id as "sellerId", street_address as "streetAddress", hide_address as "hideAddress",
  city, state, zip_code as "zipCode", deal_category as "dealCategory", property_type as "propertyType",
  purchase_price as "purchasePrice", normalized_address as "normalizedAddress"`)

/**
 * Call when a listing goes live (created active or exclusive). Certified buyers whose buy box matches
 * hear first; the count and time are recorded on the listing. Other matching buyers follow after
 * PRIORITY_WINDOW_HOURS (sendSecondWave), or at once when no Certified buyer matched, since then there
 * is nobody to give a head start. Runs once per listing; a failure is logged, never thrown at the seller.
 */
export async function onListingLive(app: FastifyInstance, dealId: string): Promise<void> {
  try {
    await app.db.transaction(async (tx) => {
      const [deal] = await rowsOf<MatchableDeal>(
        tx,
        sql`select ${DEAL_FACTS} from deals
          where id = ${dealId} and status in ('active', 'exclusive') and priority_notified_at is null for update`,
      )
      if (!deal) return
      const certified = await matchingBuyers(tx, deal, true)
      await notify(app, tx, deal, certified, true)
      const now = app.now()
      if (certified.length === 0) await notify(app, tx, deal, await matchingBuyers(tx, deal, false), false)
      await tx.execute(sql`update deals set priority_notified_count = ${certified.length},
        priority_notified_at = ${now.toISOString()},
        others_notified_at = ${certified.length === 0 ? now.toISOString() : null} where id = ${dealId}`)
    })
  } catch (error) {
    app.log.error({ err: error, dealId }, 'priority buyer notification failed')
  }
}

/** Notifies the other matching buyers of every live listing whose priority window has passed. */
export async function sendSecondWave(app: FastifyInstance): Promise<number> {
  const cutoff = new Date(app.now().getTime() - app.config.PRIORITY_WINDOW_HOURS * 3_600_000)
  const due = await rowsOf<{ id: string }>(
    app.db,
    sql`select id from deals where others_notified_at is null
      and priority_notified_at <= ${cutoff.toISOString()} and status in ('active', 'exclusive') limit 200`,
  )
  let sent = 0
  for (const { id } of due) {
    await app.db.transaction(async (tx) => {
      // Locked and re-checked: two server processes must not both send the second wave.
      const [deal] = await rowsOf<MatchableDeal>(
        tx,
        sql`select ${DEAL_FACTS} from deals where id = ${id} and others_notified_at is null for update skip locked`,
      )
      if (!deal) return
      const others = await matchingBuyers(tx, deal, false)
      await notify(app, tx, deal, others, false)
      await tx.execute(sql`update deals set others_notified_at = ${app.now().toISOString()} where id = ${id}`)
      sent += others.length
    })
  }
  return sent
}

const CHECK_EVERY_MS = 5 * 60_000

/** Checks for due second waves every few minutes while the server listens (not under app.inject). */
export function startPriorityJob(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined
  app.addHook('onListen', async () => {
    timer = setInterval(() => {
      sendSecondWave(app).catch((error: unknown) => app.log.error({ err: error }, 'priority second wave failed'))
    }, CHECK_EVERY_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
