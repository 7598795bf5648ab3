import type { FastifyInstance } from 'fastify'
import type { NotificationType } from '../../../src/contract'
import type { Database } from '../../db/client'
import { readAll } from '../../db/reads'
import { displayName } from '../chat/service'
import { addressFor, noticeDealInfo } from '../deals/facts'
import type { DealRow } from '../deals/repository'
import { mailDate, mailPhrase } from '../mail/templates'
import { createNotification } from '../notifications/service'
import { findUserById, findUsersByIds, type UserRow } from '../users/repository'
import type { OfferRow } from './repository'

/**
 * What offers tell people: the notices and mails a new offer, a decline and an acceptance cause, each in
 * its recipient's language, inside the write's transaction. The listing is named as it shows itself to each
 * recipient (`addressFor`): a hidden street only to its seller, admins and owners, and the accepted buyer.
 */

/** The listing as a reader may see it: `acceptedBuyerId` names the buyer who now sees a hidden street. */
type SeenDeal = DealRow & { acceptedBuyerId?: string | null }

// Spec §9: USD, en-US; whole dollars without cents ($240,000), otherwise with them ($240,000.50).
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })
const usd = (value: number) => (Number.isInteger(value) ? dollars : cents).format(value)

/** "cash offer of $240,000" / "creative offer with a $20,000 entry fee", in `language`. */
export async function offerAmount(language: UserRow['language'], offer: OfferRow) {
  const price = usd((offer.type === 'cash' ? offer.purchasePrice : offer.entryFee) ?? 0)
  return mailPhrase(language, `offerAccepted.${offer.type}`, { price })
}

/**
 * A notice about an offer on `deal` for `to`, from `from` (its sender's name; none when unknown), its text the
 * `mail` namespace's `phrase` in the recipient's language with `address` as they may see it.
 */
async function noticeOfOffer(
  tx: Database,
  notice: {
    to: UserRow
    from: UserRow | undefined
    type: NotificationType
    phrase: string
    values: Record<string, string>
    deal: SeenDeal
    at: Date
  },
) {
  const sender = notice.from ? displayName(notice.from) : ''
  const address = await addressFor(notice.deal, notice.to)
  await createNotification(tx, {
    userId: notice.to.id,
    type: notice.type,
    title: sender,
    message: await mailPhrase(notice.to.language, notice.phrase, { ...notice.values, address }),
    senderName: sender || null,
    dealId: notice.deal.id,
    dealInfo: noticeDealInfo(notice.deal, notice.to),
    createdAt: notice.at,
  })
}

/** The listing's seller hears of a new offer: a notice and a mail linking the listing's offers. */
export async function tellSellerOfOffer(
  app: FastifyInstance,
  tx: Database,
  deal: DealRow,
  offer: OfferRow,
  buyer: UserRow,
) {
  const seller = await findUserById(tx, deal.sellerId)
  if (!seller) return
  const amount = await offerAmount(seller.language, offer)
  await noticeOfOffer(tx, {
    to: seller,
    from: buyer,
    type: 'offer_received',
    phrase: 'offerReceived.notice',
    values: { buyerName: displayName(buyer), amount },
    deal,
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
        address: await addressFor(deal, seller),
        amount,
        closeDate: mailDate(seller.language, offer.closeOfEscrowDate),
        link: `${app.config.PUBLIC_URL}/deals/${deal.id}/offers`,
      },
    },
    { db: tx },
  )
}

/** The buyer hears that the seller declined their offer, with the seller's reason when one was given. */
export async function tellBuyerOfDecline(app: FastifyInstance, tx: Database, deal: DealRow, offer: OfferRow) {
  const [buyer, seller] = await readAll(tx, [
    () => findUserById(tx, offer.buyerId),
    () => findUserById(tx, deal.sellerId),
  ])
  if (!buyer) return
  const amount = await offerAmount(buyer.language, offer)
  const reason = offer.declineReason ?? ''
  const context = reason ? 'reason' : ''
  await noticeOfOffer(tx, {
    to: buyer,
    from: seller,
    type: 'offer_declined',
    phrase: 'offerDeclined.notice',
    values: { amount, reason, context },
    deal,
    at: offer.decidedAt ?? app.now(),
  })
  await app.mail.send(
    {
      to: buyer.email,
      template: 'offerDeclined',
      language: buyer.language,
      data: {
        name: buyer.firstName ?? '',
        address: await addressFor(deal, buyer),
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
 * An acceptance tells both sides (an `offer_accepted` notice each, a mail to the buyer, who now sees a hidden
 * street) and every other buyer with an open offer that theirs was not accepted.
 */
export async function tellOfAcceptance(
  app: FastifyInstance,
  tx: Database,
  {
    deal,
    offer,
    others,
    buyer,
    seller,
    at,
  }: {
    deal: DealRow
    offer: OfferRow
    others: OfferRow[]
    buyer: UserRow
    seller: UserRow
    at: Date
  },
) {
  const seen: SeenDeal = { ...deal, acceptedBuyerId: buyer.id }
  await noticeOfOffer(tx, {
    to: buyer,
    from: seller,
    type: 'offer_accepted',
    phrase: 'offerAccepted.notice_buyer',
    values: { amount: await offerAmount(buyer.language, offer) },
    deal: seen,
    at,
  })
  await noticeOfOffer(tx, {
    to: seller,
    from: buyer,
    type: 'offer_accepted',
    phrase: 'offerAccepted.notice_seller',
    values: { amount: await offerAmount(seller.language, offer), buyerName: displayName(buyer) },
    deal: seen,
    at,
  })
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
      values: { amount: await offerAmount(otherBuyer.language, other) },
      deal: seen,
      at,
    })
  }
  await app.mail.send(
    {
      to: buyer.email,
      template: 'offerAccepted',
      language: buyer.language,
      data: {
        name: buyer.firstName ?? '',
        address: await addressFor(seen, buyer),
        amount: await offerAmount(buyer.language, offer),
        closeDate: mailDate(buyer.language, offer.closeOfEscrowDate),
        link: `${app.config.PUBLIC_URL}/deals/${deal.id}`,
      },
    },
    { db: tx },
  )
}
