import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type OfferInput } from '../../src/contract'
import { updateUserRow } from '../../server/modules/users/repository'
import type { Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'
import { latestMail } from './identity-helpers'

/*
 * The seller hears of each offer as it arrives, and the buyer of a decline, as they hear of an acceptance:
 * a notice in the bell (shown by its message) and a mail, each in the recipient's language.
 */
let t: TestApp
let seller: Caller

beforeAll(async () => {
  t = await createTestApp()
  seller = await person(t, ['originator'], 'Sam', 'Seller')
})
afterAll(() => t.close())

const cashOffer = { type: 'cash', purchasePrice: 240000, closeOfEscrowDate: '2099-06-30' } as OfferInput

const noticesOf = async (caller: Caller, type: string) =>
  (await client(t.app, caller).ok(endpoints.notifications)).notifications.filter((notice) => notice.type === type)

describe('a new offer', () => {
  it('tells the seller: a notice naming the buyer, the offer and the listing, and a mail linking its offers', async () => {
    const deal = await createListing(t, seller, { streetAddress: '12 Offer Lane' })
    const buyer = await person(t, ['buyer'], 'Bea', 'Buyer')
    await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer })

    const [notice] = (await noticesOf(seller, 'offer_received')).filter((item) => item.dealId === deal.id)
    expect(notice).toMatchObject({
      message: 'Bea Buyer made a cash offer of $240,000 on 12 Offer Lane, Phoenix, AZ 85001.',
      senderName: 'Bea Buyer',
      readAt: null,
    })
    const mail = await latestMail(t.app, seller.email)
    expect(mail).toMatchObject({
      template: 'offerReceived',
      subject: 'New Keyway offer on 12 Offer Lane, Phoenix, AZ 85001',
    })
    expect(mail!.text).toContain(`/deals/${deal.id}/offers`)
    // The buyer is not told of their own offer.
    expect(await noticesOf(buyer, 'offer_received')).toEqual([])
  })

  it('writes in the seller’s language', async () => {
    const spanishSeller = await person(t, ['originator'], 'Sofía', 'Vendedora')
    await updateUserRow(t.db, spanishSeller.id, { language: 'es' })
    const deal = await createListing(t, spanishSeller)
    const buyer = await person(t, ['buyer'], 'Bea', 'Buyer')
    await client(t.app, buyer).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: { type: 'creative', entryFee: 20000, closeOfEscrowDate: '2099-07-15' },
    })
    const [notice] = await noticesOf(spanishSeller, 'offer_received')
    expect(notice!.message).toMatch(
      /^Bea Buyer hizo una oferta creativa con un pago de entrada de \$20,000 por .*\.$/,
    )
    expect((await latestMail(t.app, spanishSeller.email))!.subject).toMatch(/^Nueva oferta en Keyway por /)
  })
})

describe('a declined offer', () => {
  it('tells the buyer, with the seller’s reason when there is one', async () => {
    const deal = await createListing(t, seller, { streetAddress: '14 Decline Road' })
    const buyer = await person(t, ['buyer'], 'Dana', 'Declined')
    const offer = await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer })
    await client(t.app, seller).ok(endpoints.declineOffer, {
      params: { offerId: offer.id },
      body: { reason: 'Too low for us.' },
    })

    const [notice] = await noticesOf(buyer, 'offer_declined')
    expect(notice).toMatchObject({
      message:
        'Your cash offer of $240,000 on 14 Decline Road, Phoenix, AZ 85001 was declined. Reason: Too low for us.',
      senderName: 'Sam Seller',
      dealId: deal.id,
    })
    const mail = await latestMail(t.app, buyer.email)
    expect(mail).toMatchObject({ template: 'offerDeclined' })
    expect(mail!.text).toContain('Too low for us.')
    expect(mail!.text).toContain(`/deals/${deal.id}`)
  })

  it('says nothing of a reason when none was given', async () => {
    const deal = await createListing(t, seller, { streetAddress: '16 Decline Road' })
    const buyer = await person(t, ['buyer'], 'Dan', 'Declined')
    const offer = await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer })
    await client(t.app, seller).ok(endpoints.declineOffer, { params: { offerId: offer.id } })
    const [notice] = await noticesOf(buyer, 'offer_declined')
    expect(notice!.message).toBe('Your cash offer of $240,000 on 16 Decline Road, Phoenix, AZ 85001 was declined.')
    expect((await latestMail(t.app, buyer.email))!.text).not.toContain('Reason')
  })
})

describe('an accepted offer', () => {
  it('tells every other buyer with an open offer that the seller accepted another one', async () => {
    const deal = await createListing(t, seller, { streetAddress: '18 Winner Way' })
    const [winner, other] = [await person(t, ['buyer'], 'Wendy', 'Winner'), await person(t, ['buyer'], 'Otto', 'Other')]
    const won = await client(t.app, winner).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer })
    await client(t.app, other).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: { type: 'creative', entryFee: 20000, closeOfEscrowDate: '2099-07-15' },
    })
    await client(t.app, seller).ok(endpoints.acceptOffer, { params: { offerId: won.id } })

    const [notice] = await noticesOf(other, 'offer_not_accepted')
    expect(notice).toMatchObject({
      message:
        'The seller accepted another offer on 18 Winner Way, Phoenix, AZ 85001, so your creative offer with a $20,000 entry fee was not accepted.',
      dealId: deal.id,
    })
    expect(await noticesOf(winner, 'offer_not_accepted')).toEqual([])
  })
})
