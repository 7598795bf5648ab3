import type { FastifyInstance } from 'fastify'
import type { TFunction } from 'i18next'
import { isCloseDateInPast, offerToday, type Offer, type OfferValues } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { readAll } from '../../db/reads'
import { pushChatEvents, startOrContinueThread, type ChatPush } from '../chat/service'
import { assertMayManage, availabilityOf, findLiveDeal, type DealRow } from '../deals/repository'
import { applyStatusChange, writingDeals } from '../deals/service'
import { mailDate, mailPhrase } from '../mail/templates'
import { findUserById, type UserRow } from '../users/repository'
import { offerAmount, tellBuyerOfDecline, tellOfAcceptance, tellSellerOfOffer } from './notices'
import { closeOtherOffers, decideOffer, findOfferWithDeal, insertOffer, withdrawOpenOffer } from './repository'
import { toOffer, toOffers } from './views'

export { hasOffered } from './repository'
export { myOffers, offersOf, receivedOffersOf } from './views'

/**
 * Offers (issue 11, spec §4): a buyer's one open offer per listing, the seller's decision on it, and the
 * acceptance that makes the listing pending. Every write and what it causes (notices.ts: notices, the
 * conversation's note, the mail) share one transaction; realtime pushes follow the commit. The SQL is in
 * repository.ts, the answers' shapes in views.ts.
 */

type Actor = Pick<UserRow, 'id' | 'roles'>

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
    await withdrawOpenOffer(tx, deal.id, buyer.id, at)
    const inserted = await insertOffer(tx, { dealId: deal.id, buyerId: buyer.id, ...input, createdAt: at })
    await tellSellerOfOffer(app, tx, deal, inserted, buyer)
    await app.webhooks.enqueueOfferEvent(tx, 'offer.created', { offer: toOffer(inserted, buyer), deal })
    return inserted
  })
  return toOffer(row, buyer)
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
    const accepted = await decideOffer(tx, offer.id, { status: 'accepted', decidedAt: at })
    const others = await closeOtherOffers(tx, deal.id, offer.id, at)
    await applyStatusChange(tx, actor, deal, { status: 'pending', onPlatform: true, comments: null, reason: null })

    const [buyer, seller] = await readAll(tx, [
      () => findUserById(tx, offer.buyerId),
      () => findUserById(tx, deal.sellerId),
    ])
    if (!buyer || !seller) throw new Error('Accepted offer without its buyer or seller')
    await tellOfAcceptance(app, tx, { deal, offer, others, buyer, seller, at })
    // The note is the seller's, in the buyer's language; a blocked conversation takes none.
    const started = await startOrContinueThread(app, tx, buyer, {
      dealId: deal.id,
      message: await mailPhrase(buyer.language, 'offerAccepted.chat', {
        amount: await offerAmount(buyer.language, offer),
        closeDate: mailDate(buyer.language, offer.closeOfEscrowDate),
      }),
      ifBlocked: 'skip',
      from: seller,
    })
    await app.webhooks.enqueueOfferEvent(tx, 'offer.accepted', {
      offer: toOffer(accepted, buyer),
      deal: { ...deal, status: 'pending' },
    })
    const pushes: ChatPush[] = started?.pushes ?? []
    return { accepted, buyer, pushes }
  })
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
    const updated = await decideOffer(tx, offer.id, { status: 'declined', declineReason: reason, decidedAt: app.now() })
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
    return decideOffer(tx, offer.id, { status: 'withdrawn', decidedAt: app.now() })
  })
  return toOffer(row, buyer)
}
