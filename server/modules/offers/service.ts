import { and, desc, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { TFunction } from 'i18next'
import {
  isCloseDateInPast,
  offerToday,
  type MyOffer,
  type Offer,
  type OfferValues,
  type ReceivedOffer,
} from '../../../src/contract'
import type { Database } from '../../db/client'
import { offers } from '../../db/schema'
import { AppError } from '../../http/errors'
import { dealThreadsByBuyer } from '../chat/deal-threads'
import { dealInfoFor } from '../chat/deal-summary'
import { displayName, pushChatEvents, startOrContinueThread, type ChatPush } from '../chat/service'
import { dealAsSeenBy, dealFacts } from '../deals/facts'
import { dealAddressForMail } from '../deals/interest-mail'
import { assertMayManage, availabilityOf, findLiveDeal, type DealRow } from '../deals/repository'
import { applyStatusChange, writingDeals } from '../deals/service'
import { mailDate, mailPhrase } from '../mail/templates'
import { createNotification } from '../notifications/service'
import { findUserById, findUsersByIds, peopleOf, type PersonRow, type UserRow } from '../users/repository'

/**
 * Offers (issue 11, spec §4): a buyer's one open offer per listing, the seller's decision on it, and the
 * acceptance that makes the listing pending. Every write and what it causes (notices, the conversation's
 * note, the mail) share one transaction; realtime pushes follow the commit.
 */

export type OfferRow = typeof offers.$inferSelect
type Actor = Pick<UserRow, 'id' | 'roles'>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const offerNotFound = () => new AppError(404, 'offer_not_found', 'offerNotFound')
const offerNotOpen = () => new AppError(409, 'offer_not_open', 'offerNotOpen')

/**
 * A buyer may offer on a listing that is not their own while it is available: 409 `no_new_offers` while it
 * is pending, `listing_unavailable` once sold or canceled (spec §4).
 */
export function assertMayOffer(deal: Pick<DealRow, 'sellerId' | 'status'>, buyer: { id: string }) {
  if (deal.sellerId === buyer.id) throw new AppError(403, 'own_listing', 'ownListingOffer')
  const availability = availabilityOf(deal.status)
  if (availability === 'no-new-offers') throw new AppError(409, 'no_new_offers', 'noNewOffers')
  if (availability === 'unavailable') throw new AppError(409, 'listing_unavailable', 'listingUnavailable')
}

function toOffer(
  row: OfferRow,
  buyer: Pick<PersonRow, 'firstName' | 'lastName' | 'certifiedBuyer'> | undefined,
): Offer {
  return {
    id: row.id,
    dealId: row.dealId,
    buyer: {
      id: row.buyerId,
      name: buyer ? displayName(buyer) : '',
      certified: buyer?.certifiedBuyer ?? false,
    },
    type: row.type,
    purchasePrice: row.purchasePrice,
    entryFee: row.entryFee,
    closeOfEscrowDate: row.closeOfEscrowDate,
    message: row.message,
    status: row.status,
    declineReason: row.declineReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }
}

async function toOffers(db: Database, rows: OfferRow[]): Promise<Offer[]> {
  const people = await peopleOf(
    db,
    rows.map((row) => row.buyerId),
  )
  return rows.map((row) => toOffer(row, people.get(row.buyerId)))
}

/**
 * The buyer's new offer on a listing; an open offer of theirs on it is withdrawn (kept) and replaced. The
 * close of escrow date may not be before today by the server's clock (`offerToday`).
 */
export async function submitOffer(
  app: FastifyInstance,
  buyer: UserRow,
  dealId: string,
  input: OfferValues,
  t: TFunction,
): Promise<Offer> {
  if (isCloseDateInPast(input.closeOfEscrowDate, offerToday(app.now()))) {
    throw new AppError(400, 'invalid_input', 'invalidInput', {
      fields: { closeOfEscrowDate: t('validation:offerCloseDatePast') },
    })
  }
  const row = await app.db.transaction(async (tx) => {
    // Under the listing's row lock: an acceptance in between would otherwise leave an open offer on a
    // pending listing.
    const deal = await findLiveDeal(tx, dealId, { lock: true })
    assertMayOffer(deal, buyer)
    const at = app.now()
    await tx
      .update(offers)
      .set({ status: 'withdrawn', decidedAt: at })
      .where(and(eq(offers.dealId, deal.id), eq(offers.buyerId, buyer.id), eq(offers.status, 'submitted')))
    const [inserted] = await tx
      .insert(offers)
      .values({ dealId: deal.id, buyerId: buyer.id, ...input, createdAt: at })
      .returning()
    if (!inserted) throw new Error('Offer insert returned nothing')
    await tellSellerOfOffer(app, tx, deal, inserted, buyer)
    await app.webhooks.enqueueOfferEvent(tx, 'offer.created', { offer: toOffer(inserted, buyer), deal })
    return inserted
  })
  app.webhooks.wake()
  return toOffer(row, buyer)
}

/** Whether this buyer has made an offer on this listing, in any status (ids must be UUIDs). */
export async function hasOffered(db: Database, dealId: string, buyerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.dealId, dealId), eq(offers.buyerId, buyerId)))
    .limit(1)
  return rows.length > 0
}

/** Every offer on a listing, newest first, with each buyer's name and badge. */
export async function offersOf(db: Database, dealId: string): Promise<Offer[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(eq(offers.dealId, dealId))
    .orderBy(desc(offers.createdAt), desc(offers.id))
  return toOffers(db, rows)
}

/** The seller's view of a listing's offers: each with the conversation with its buyer about it, if any. */
export async function receivedOffersOf(db: Database, dealId: string): Promise<ReceivedOffer[]> {
  const list = await offersOf(db, dealId)
  const threads = await dealThreadsByBuyer(
    db,
    dealId,
    list.map((offer) => offer.buyer.id),
  )
  return list.map((offer) => ({ ...offer, threadId: threads.get(offer.buyer.id) ?? null }))
}

/** The caller's own offers (on one listing when `dealId` is given), newest first, with the listing as they may see it. */
export async function myOffers(db: Database, viewer: UserRow, dealId?: string): Promise<MyOffer[]> {
  // A listing id that is no UUID names no listing: no offers (the column is a uuid; the query would fail).
  if (dealId !== undefined && !UUID.test(dealId)) return []
  const rows = await db
    .select()
    .from(offers)
    .where(and(eq(offers.buyerId, viewer.id), dealId === undefined ? undefined : eq(offers.dealId, dealId)))
    .orderBy(desc(offers.createdAt), desc(offers.id))
  const facts = await dealFacts(db, [...new Set(rows.map((row) => row.dealId))])
  return rows.flatMap((row) => {
    const deal = facts.get(row.dealId)
    if (!deal) return []
    return [{ ...toOffer(row, viewer), deal: dealAsSeenBy(deal, viewer) }]
  })
}

/** The offer and its live listing: 404 when either is missing (a deleted listing's offers are gone too). */
async function findOfferWithDeal(db: Database, offerId: string, options: { lock?: boolean } = {}) {
  if (!UUID.test(offerId)) throw offerNotFound()
  const [offer] = await db.select({ dealId: offers.dealId }).from(offers).where(eq(offers.id, offerId))
  if (!offer) throw offerNotFound()
  const deal = await findLiveDeal(db, offer.dealId, options).catch((error: unknown) => {
    throw error instanceof AppError && error.statusCode === 404 ? offerNotFound() : error
  })
  const query = db.select().from(offers).where(eq(offers.id, offerId))
  const [row] = options.lock ? await query.for('update') : await query
  if (!row) throw offerNotFound()
  return { offer: row, deal }
}

// Spec §9: USD, en-US; whole dollars without cents ($240,000), otherwise with them ($240,000.50).
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })
const usd = (value: number) => (Number.isInteger(value) ? dollars : cents).format(value)

async function offerAmount(language: UserRow['language'], offer: OfferRow) {
  const price = usd((offer.type === 'cash' ? offer.purchasePrice : offer.entryFee) ?? 0)
  return mailPhrase(language, `offerAccepted.${offer.type}`, { price })
}

/**
 * A notice about an offer on `deal` for `to`, from `from` (its sender's name; none when unknown), its text the
 * `mail` namespace's `phrase` in the recipient's language; the street as the listing shows it to them.
 */
async function noticeOfOffer(
  tx: Database,
  notice: {
    to: UserRow
    from: UserRow | undefined
    type: string
    phrase: string
    values: Record<string, string>
    deal: Parameters<typeof dealInfoFor>[0]
    dealId: string
    at: Date
  },
) {
  const sender = notice.from ? displayName(notice.from) : ''
  await createNotification(tx, {
    userId: notice.to.id,
    type: notice.type,
    title: sender,
    message: await mailPhrase(notice.to.language, notice.phrase, notice.values),
    senderName: sender || null,
    dealId: notice.dealId,
    dealInfo: dealInfoFor(notice.deal, notice.to),
    createdAt: notice.at,
  })
}

/** The listing's seller hears of a new offer: a notice and a mail linking the listing's offers. */
async function tellSellerOfOffer(app: FastifyInstance, tx: Database, deal: DealRow, offer: OfferRow, buyer: UserRow) {
  const seller = await findUserById(tx, deal.sellerId)
  if (!seller) return
  const address = dealAddressForMail(deal)
  const amount = await offerAmount(seller.language, offer)
  await noticeOfOffer(tx, {
    to: seller,
    from: buyer,
    type: 'offer_received',
    phrase: 'offerReceived.notice',
    values: { buyerName: displayName(buyer), amount, address },
    deal,
    dealId: deal.id,
    at: offer.createdAt,
  })
  await app.mail.send(
    {
      to: seller.email,
      template: 'offerReceived',
      language: seller.language,
      data: {
        name: seller.firstName ?? '',
        buyerName: displayName(buyer),
        address,
        amount,
        closeDate: mailDate(seller.language, offer.closeOfEscrowDate),
        link: `${app.config.PUBLIC_URL}/deals/${deal.id}/offers`,
      },
    },
    { db: tx },
  )
}

/** The buyer hears that the seller declined their offer, with the seller's reason when one was given. */
async function tellBuyerOfDecline(app: FastifyInstance, tx: Database, deal: DealRow, offer: OfferRow) {
  const [buyer, seller] = await Promise.all([findUserById(tx, offer.buyerId), findUserById(tx, deal.sellerId)])
  if (!buyer) return
  const address = dealAddressForMail(deal)
  const amount = await offerAmount(buyer.language, offer)
  const reason = offer.declineReason ?? ''
  const context = reason ? 'reason' : ''
  await noticeOfOffer(tx, {
    to: buyer,
    from: seller,
    type: 'offer_declined',
    phrase: 'offerDeclined.notice',
    values: { amount, address, reason, context },
    deal,
    dealId: deal.id,
    at: offer.decidedAt ?? app.now(),
  })
  await app.mail.send(
    {
      to: buyer.email,
      template: 'offerDeclined',
      language: buyer.language,
      data: {
        name: buyer.firstName ?? '',
        address,
        amount,
        reason,
        context,
        link: `${app.config.PUBLIC_URL}/deals/${deal.id}`,
      },
    },
    { db: tx },
  )
}

/**
 * The seller (or an admin or owner) accepts an open offer, in one transaction with the listing's row locked:
 * the offer is accepted, the listing becomes pending (status history, source platform), every other open
 * offer on it is not accepted, and both sides are told: an `offer_accepted` notice each, a note from the
 * seller in their conversation (started if there was none), a mail to the buyer. Of two acceptances at once,
 * the second finds the listing pending (409 `deal_not_available`) or its offer decided (409 `offer_not_open`).
 */
export async function acceptOffer(app: FastifyInstance, actor: Actor, offerId: string): Promise<Offer> {
  const { accepted, buyer, pushes } = await writingDeals(app.db, async (tx) => {
    const { offer, deal } = await findOfferWithDeal(tx, offerId, { lock: true })
    assertMayManage(actor, deal)
    if (offer.status !== 'submitted') throw offerNotOpen()
    if (availabilityOf(deal.status) !== 'available') {
      throw new AppError(409, 'deal_not_available', 'dealNotAvailable')
    }
    const at = app.now()
    const [accepted] = await tx
      .update(offers)
      .set({ status: 'accepted', decidedAt: at })
      .where(eq(offers.id, offer.id))
      .returning()
    const others = await tx
      .update(offers)
      .set({ status: 'not_accepted', decidedAt: at })
      .where(and(eq(offers.dealId, deal.id), eq(offers.status, 'submitted'), ne(offers.id, offer.id)))
      .returning()
    await applyStatusChange(tx, actor, deal, { status: 'pending', onPlatform: true, comments: null, reason: null })

    const [buyer, seller] = await Promise.all([findUserById(tx, offer.buyerId), findUserById(tx, deal.sellerId)])
    if (!accepted || !buyer || !seller) throw new Error('Accepted offer without its buyer or seller')
    const address = dealAddressForMail(deal)
    const closeDate = mailDate(buyer.language, offer.closeOfEscrowDate)
    const seen = { ...deal, acceptedBuyerId: buyer.id }
    await noticeOfOffer(tx, {
      to: buyer,
      from: seller,
      type: 'offer_accepted',
      phrase: 'offerAccepted.notice_buyer',
      values: { amount: await offerAmount(buyer.language, offer), address },
      deal: seen,
      dealId: deal.id,
      at,
    })
    await noticeOfOffer(tx, {
      to: seller,
      from: buyer,
      type: 'offer_accepted',
      phrase: 'offerAccepted.notice_seller',
      values: { amount: await offerAmount(seller.language, offer), buyerName: displayName(buyer), address },
      deal: seen,
      dealId: deal.id,
      at,
    })
    // Every other buyer with an open offer hears that it was not accepted.
    const otherBuyers = await findUsersByIds(
      tx,
      others.map((other) => other.buyerId),
    )
    for (const other of others) {
      const otherBuyer = otherBuyers.get(other.buyerId)
      if (!otherBuyer) continue
      await noticeOfOffer(tx, {
        to: otherBuyer,
        from: seller,
        type: 'offer_not_accepted',
        phrase: 'offerAccepted.notice_other',
        values: { amount: await offerAmount(otherBuyer.language, other), address },
        deal,
        dealId: deal.id,
        at,
      })
    }
    // The note is the seller's, in the buyer's language; a blocked conversation takes none.
    const started = await startOrContinueThread(app, tx, buyer, {
      dealId: deal.id,
      message: await mailPhrase(buyer.language, 'offerAccepted.chat', {
        amount: await offerAmount(buyer.language, offer),
        closeDate,
      }),
      ifBlocked: 'skip',
      from: seller,
    })
    await app.mail.send(
      {
        to: buyer.email,
        template: 'offerAccepted',
        language: buyer.language,
        data: {
          name: buyer.firstName ?? '',
          address,
          amount: await offerAmount(buyer.language, offer),
          closeDate,
          link: `${app.config.PUBLIC_URL}/deals/${deal.id}`,
        },
      },
      { db: tx },
    )
    await app.webhooks.enqueueOfferEvent(tx, 'offer.accepted', {
      offer: toOffer(accepted, buyer),
      deal: { ...deal, status: 'pending' },
    })
    const pushes: ChatPush[] = started?.pushes ?? []
    return { accepted, buyer, pushes }
  })
  app.webhooks.wake()
  await pushChatEvents(app, pushes)
  return toOffer(accepted, buyer)
}

/** The seller (or an admin or owner) declines an open offer, with an optional reason. */
export async function declineOffer(
  app: FastifyInstance,
  actor: Actor,
  offerId: string,
  reason: string | null,
): Promise<Offer> {
  const row = await app.db.transaction(async (tx) => {
    const { offer, deal } = await findOfferWithDeal(tx, offerId, { lock: true })
    assertMayManage(actor, deal)
    if (offer.status !== 'submitted') throw offerNotOpen()
    const [updated] = await tx
      .update(offers)
      .set({ status: 'declined', declineReason: reason, decidedAt: app.now() })
      .where(eq(offers.id, offer.id))
      .returning()
    if (!updated) throw offerNotFound()
    await tellBuyerOfDecline(app, tx, deal, updated)
    return updated
  })
  return (await toOffers(app.db, [row]))[0]!
}

/** The buyer withdraws their own open offer (nobody else may: 403). */
export async function withdrawOffer(app: FastifyInstance, buyer: UserRow, offerId: string): Promise<Offer> {
  const row = await app.db.transaction(async (tx) => {
    const { offer } = await findOfferWithDeal(tx, offerId, { lock: true })
    if (offer.buyerId !== buyer.id) throw new AppError(403, 'forbidden', 'forbidden')
    if (offer.status !== 'submitted') throw offerNotOpen()
    const [updated] = await tx
      .update(offers)
      .set({ status: 'withdrawn', decidedAt: app.now() })
      .where(eq(offers.id, offer.id))
      .returning()
    if (!updated) throw offerNotFound()
    return updated
  })
  return toOffer(row, buyer)
}
