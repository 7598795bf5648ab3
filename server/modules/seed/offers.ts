import type { FastifyInstance } from 'fastify'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { offerToday } from '../../../src/contract'
import { deals, users } from '../../db/schema'
import { loadServerI18n } from '../../http/i18n'
import { declineOffer, submitOffer } from '../offers/service'

const DECLINE_REASON = 'We have a stronger offer in hand, thank you.'

/** A calendar day `days` after the server's today for offers (what the offer form would take). */
function dayAfter(app: FastifyInstance, days: number) {
  const date = new Date(`${offerToday(app.now())}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** About 92 % of the asking price, in thousands (a plausible cash offer). */
const cashBelow = (price: number | null) => Math.round(((price ?? 250_000) * 0.92) / 1000) * 1000

/**
 * Offers, so the offers tables, the dashboards and the bells are not empty on a fresh demo: on the demo
 * seller's newest live listing a cash offer from the demo buyer and a creative one from the hybrid user; on
 * the next one a cash offer from the hybrid user that the seller declined with a reason; on the hybrid
 * user's newest live listing a cash offer from the demo buyer. Made through the offers service, so the
 * notices and mails are the real ones. Answers how many offers were made.
 */
export async function seedOffers(app: FastifyInstance): Promise<number> {
  const people = await app.db
    .select()
    .from(users)
    .where(inArray(users.email, ['buyer@demo.test', 'hybrid@demo.test', 'seller@demo.test']))
  const buyer = people.find((person) => person.email === 'buyer@demo.test')
  const hybrid = people.find((person) => person.email === 'hybrid@demo.test')
  const seller = people.find((person) => person.email === 'seller@demo.test')
  if (!buyer || !hybrid || !seller) return 0
  const newestLive = (sellerId: string, count: number) =>
    app.db
      .select({ id: deals.id, purchasePrice: deals.purchasePrice })
      .from(deals)
      .where(and(eq(deals.sellerId, sellerId), eq(deals.status, 'active')))
      .orderBy(desc(deals.createdAt), desc(deals.id))
      .limit(count)
  const [first, second] = await newestLive(seller.id, 2)
  const [hybridListing] = await newestLive(hybrid.id, 1)
  const t = (await loadServerI18n()).getFixedT('en')
  let made = 0
  if (first) {
    await submitOffer(
      app,
      buyer,
      first.id,
      {
        type: 'cash',
        purchasePrice: cashBelow(first.purchasePrice),
        entryFee: null,
        closeOfEscrowDate: dayAfter(app, 21),
        message: 'Cash, no financing contingency. I can close in three weeks.',
      },
      t,
    )
    await submitOffer(
      app,
      hybrid,
      first.id,
      {
        type: 'creative',
        purchasePrice: null,
        entryFee: 25_000,
        closeOfEscrowDate: dayAfter(app, 30),
        message: 'Subject-to the existing loan with $25,000 down to the seller.',
      },
      t,
    )
    made += 2
  }
  if (second) {
    const offer = await submitOffer(
      app,
      hybrid,
      second.id,
      {
        type: 'cash',
        purchasePrice: cashBelow(second.purchasePrice) - 20_000,
        entryFee: null,
        closeOfEscrowDate: dayAfter(app, 45),
        message: null,
      },
      t,
    )
    await declineOffer(app, seller, offer.id, DECLINE_REASON)
    made += 1
  }
  if (hybridListing) {
    await submitOffer(
      app,
      buyer,
      hybridListing.id,
      {
        type: 'cash',
        purchasePrice: cashBelow(hybridListing.purchasePrice),
        entryFee: null,
        closeOfEscrowDate: dayAfter(app, 28),
        message: 'Happy to move fast on this one.',
      },
      t,
    )
    made += 1
  }
  return made
}
