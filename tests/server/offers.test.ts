import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, offerToday, type OfferInput } from '../../src/contract'
import { updateUserRow } from '../../server/modules/users/repository'
import { callerWith, type Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { client } from './contract-client'
import { createListing, setDealStatus } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let seller: Caller
let otherSeller: Caller
let buyer: Caller
let otherBuyer: Caller
let admin: Caller
let owner: Caller

beforeAll(async () => {
  t = await createTestApp()
  ;[seller, otherSeller, buyer, otherBuyer, admin, owner] = await Promise.all([
    person(t, ['originator'], 'Sam', 'Seller'),
    callerWith(t, ['originator']),
    person(t, ['buyer'], 'Bea', 'Buyer'),
    person(t, ['buyer'], 'Oscar', 'Other'),
    callerWith(t, ['admin']),
    callerWith(t, ['owner']),
  ])
})
afterAll(() => t.close())

const cashOffer = { type: 'cash', purchasePrice: 240000, closeOfEscrowDate: '2099-06-30', message: 'Can close fast.' }
const creativeOffer = { type: 'creative', entryFee: 20000, closeOfEscrowDate: '2099-07-15' }
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

const submit = (as: Caller | undefined, dealId: string, body: Record<string, unknown>, language = 'en') =>
  client(t.app, as).send(endpoints.submitOffer, {
    params: { id: dealId },
    body: body as OfferInput,
    headers: { 'accept-language': language },
  })

describe('POST /api/deals/:id/offers', () => {
  it('takes a cash and a creative offer, each with only its own amount', async () => {
    const deal = await createListing(t, seller)
    const cash = await client(t.app, buyer).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: { ...cashOffer, entryFee: 999 } as OfferInput,
    })
    expect(cash).toMatchObject({
      dealId: deal.id,
      buyer: { id: buyer.id, name: 'Bea Buyer', certified: false },
      type: 'cash',
      purchasePrice: 240000,
      entryFee: null,
      closeOfEscrowDate: '2099-06-30',
      message: 'Can close fast.',
      status: 'submitted',
      declineReason: null,
      decidedAt: null,
    })
    const creative = await client(t.app, otherBuyer).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: { ...creativeOffer, purchasePrice: 1 } as OfferInput,
    })
    expect(creative).toMatchObject({ type: 'creative', entryFee: 20000, purchasePrice: null, message: null })
  })

  const rules: [string, Record<string, unknown>, string, string, string][] = [
    [
      'a missing type',
      { purchasePrice: 1, closeOfEscrowDate: '2099-01-01' },
      'type',
      'Choose an offer type.',
      'Elige un tipo de oferta.',
    ],
    [
      'a cash offer without a price',
      { type: 'cash', closeOfEscrowDate: '2099-01-01' },
      'purchasePrice',
      'Enter the purchase price for a cash offer.',
      'Ingresa el precio de compra para una oferta de contado.',
    ],
    [
      'a creative offer without an entry fee',
      { type: 'creative', entryFee: '', closeOfEscrowDate: '2099-01-01' },
      'entryFee',
      'Enter the entry fee for a creative offer.',
      'Ingresa el pago de entrada para una oferta creativa.',
    ],
    [
      'a missing close date',
      { type: 'cash', purchasePrice: 1 },
      'closeOfEscrowDate',
      'Enter the estimated close of escrow date.',
      'Ingresa la fecha estimada de cierre de escrow.',
    ],
    [
      'a close date in the past',
      { type: 'cash', purchasePrice: 1, closeOfEscrowDate: '2020-01-31' },
      'closeOfEscrowDate',
      'The estimated close of escrow date cannot be in the past.',
      'La fecha estimada de cierre de escrow no puede estar en el pasado.',
    ],
    [
      'a negative price',
      { type: 'cash', purchasePrice: -5, closeOfEscrowDate: '2099-01-01' },
      'purchasePrice',
      'Must be a positive number.',
      'Debe ser un número positivo.',
    ],
    [
      'a price as text',
      { type: 'cash', purchasePrice: 'lots', closeOfEscrowDate: '2099-01-01' },
      'purchasePrice',
      'Expected a valid number',
      '',
    ],
    [
      'a date that is no date',
      { type: 'cash', purchasePrice: 1, closeOfEscrowDate: '2099-02-30' },
      'closeOfEscrowDate',
      'Enter a valid date.',
      '',
    ],
  ]
  it.each(rules)(
    'refuses %s with its field message in English and Spanish, writing nothing',
    async (_, body, field, en, es) => {
      const deal = await createListing(t, seller)
      const english = await submit(buyer, deal.id, body)
      expect(english.statusCode).toBe(400)
      expect(english.json()).toMatchObject({ code: 'invalid_input', fields: { [field]: en } })
      const spanish = await submit(buyer, deal.id, body, 'es')
      expect(spanish.statusCode).toBe(400)
      if (es) expect(spanish.json().fields[field]).toBe(es)
      else expect(spanish.json().fields[field]).not.toBe(en)
      expect(await client(t.app, seller).ok(endpoints.listOffers, { params: { id: deal.id } })).toEqual([])
    },
  )

  it('accepts today as the close date (judged by the server’s clock)', async () => {
    const deal = await createListing(t, seller)
    const response = await submit(buyer, deal.id, { ...cashOffer, closeOfEscrowDate: offerToday(new Date()) })
    expect(response.statusCode).toBe(201)
  })

  it('refuses the seller on their own listing (403), and offers on pending (no new offers) or sold listings (409)', async () => {
    const hybrid = await callerWith(t, ['originator', 'buyer'])
    const own = await createListing(t, hybrid)
    const refused = await submit(hybrid, own.id, cashOffer)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ code: 'own_listing', message: 'You cannot make an offer on your own listing.' })

    const pending = await createListing(t, seller)
    await setDealStatus(t, pending.id, 'pending')
    const noNew = await submit(buyer, pending.id, cashOffer)
    expect(noNew.statusCode).toBe(409)
    expect(noNew.json()).toEqual({ code: 'no_new_offers', message: 'This listing is pending: it takes no new offers.' })
    expect((await submit(buyer, pending.id, cashOffer, 'es')).json().message).toBe(
      'Esta publicación está pendiente: no acepta nuevas ofertas.',
    )

    for (const status of ['sold', 'canceled'] as const) {
      const gone = await createListing(t, seller)
      await setDealStatus(t, gone.id, status)
      const response = await submit(buyer, gone.id, cashOffer)
      expect(response.statusCode).toBe(409)
      expect(response.json()).toEqual({ code: 'listing_unavailable', message: 'This listing is no longer available' })
    }
    const deleted = await createListing(t, seller)
    await setDealStatus(t, deleted.id, 'deleted')
    expect((await submit(buyer, deleted.id, cashOffer)).statusCode).toBe(404)
    expect((await submit(buyer, UNKNOWN, cashOffer)).statusCode).toBe(404)
  })

  it('is for buyers: 401 without a session, 403 for a seller-only account', async () => {
    const deal = await createListing(t, seller)
    expect((await submit(undefined, deal.id, cashOffer)).statusCode).toBe(401)
    expect((await submit(otherSeller, deal.id, cashOffer)).statusCode).toBe(403)
  })

  it('replaces the buyer’s open offer: the old one is withdrawn and kept; one open offer per buyer and listing', async () => {
    const deal = await createListing(t, seller)
    const first = await client(t.app, buyer).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: cashOffer as OfferInput,
    })
    const second = await client(t.app, buyer).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: { ...cashOffer, purchasePrice: 250000 } as OfferInput,
    })
    const list = await client(t.app, seller).ok(endpoints.listOffers, { params: { id: deal.id } })
    expect(list.map((offer) => [offer.id, offer.status])).toEqual([
      [second.id, 'submitted'],
      [first.id, 'withdrawn'],
    ])
    expect(list[1]!.decidedAt).not.toBeNull()
  })
})

describe('who may read and decide offers', () => {
  it('lists a listing’s offers to its seller, admins and owners; not to buyers or other sellers', async () => {
    const deal = await createListing(t, seller)
    await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer as OfferInput })
    for (const reader of [seller, admin, owner]) {
      const list = await client(t.app, reader).ok(endpoints.listOffers, { params: { id: deal.id } })
      expect(list).toHaveLength(1)
    }
    for (const stranger of [buyer, otherBuyer, otherSeller]) {
      const refused = await client(t.app, stranger).send(endpoints.listOffers, { params: { id: deal.id } })
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({ code: 'forbidden', message: expect.any(String) })
    }
    expect((await client(t.app).send(endpoints.listOffers, { params: { id: deal.id } })).statusCode).toBe(401)
    expect((await client(t.app, seller).send(endpoints.listOffers, { params: { id: UNKNOWN } })).statusCode).toBe(404)
  })

  it('lets only the seller, admins and owners accept or decline, and only the buyer withdraw', async () => {
    const deal = await createListing(t, seller)
    const offer = await client(t.app, buyer).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: cashOffer as OfferInput,
    })
    const params = { offerId: offer.id }
    for (const stranger of [buyer, otherBuyer, otherSeller]) {
      expect((await client(t.app, stranger).send(endpoints.acceptOffer, { params })).statusCode).toBe(403)
      expect((await client(t.app, stranger).send(endpoints.declineOffer, { params, body: {} })).statusCode).toBe(403)
    }
    for (const notBuyer of [seller, otherBuyer, admin]) {
      expect((await client(t.app, notBuyer).send(endpoints.withdrawOffer, { params })).statusCode).toBe(403)
    }
    for (const endpoint of [endpoints.acceptOffer, endpoints.withdrawOffer]) {
      expect((await client(t.app).send(endpoint, { params })).statusCode).toBe(401)
      const missing = await client(t.app, seller).send(endpoint, { params: { offerId: UNKNOWN } })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ code: 'offer_not_found', message: 'Offer not found' })
      expect((await client(t.app, seller).send(endpoint, { params: { offerId: 'nope' } })).statusCode).toBe(404)
    }
    // Nothing above changed it.
    const [still] = await client(t.app, seller).ok(endpoints.listOffers, { params: { id: deal.id } })
    expect(still!.status).toBe('submitted')
  })

  it('declines with an optional reason; a decided offer can no longer be withdrawn (409 offer_not_open)', async () => {
    const deal = await createListing(t, seller)
    const offer = await client(t.app, buyer).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: cashOffer as OfferInput,
    })
    const other = await client(t.app, otherBuyer).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: creativeOffer as OfferInput,
    })
    const declined = await client(t.app, seller).ok(endpoints.declineOffer, {
      params: { offerId: offer.id },
      body: { reason: '  Price too low  ' },
    })
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'Price too low', buyer: { name: 'Bea Buyer' } })
    const bare = await client(t.app, admin).send(endpoints.declineOffer, { params: { offerId: other.id } })
    expect(bare.statusCode).toBe(200)
    expect(bare.json()).toMatchObject({ status: 'declined', declineReason: null })

    const again = await client(t.app, buyer).send(endpoints.withdrawOffer, { params: { offerId: offer.id } })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'offer_not_open' })
  })

  it('lets the buyer withdraw an open offer, then offer again', async () => {
    const deal = await createListing(t, seller)
    const offer = await client(t.app, buyer).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: cashOffer as OfferInput,
    })
    const withdrawn = await client(t.app, buyer).ok(endpoints.withdrawOffer, { params: { offerId: offer.id } })
    expect(withdrawn.status).toBe('withdrawn')
    await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer as OfferInput })
  })
})

describe('GET /api/offers/mine and My listings', () => {
  it('gives the buyer only their own offers with their states and the listing as they may see it', async () => {
    const fresh = await person(t, ['buyer'], 'Mia', 'Mine')
    const open = await createListing(t, seller, { city: 'Tempe' })
    const hidden = await createListing(t, seller, { hideAddress: true })
    const first = await client(t.app, fresh).ok(endpoints.submitOffer, {
      params: { id: open.id },
      body: cashOffer as OfferInput,
    })
    await client(t.app, fresh).ok(endpoints.withdrawOffer, { params: { offerId: first.id } })
    await client(t.app, fresh).ok(endpoints.submitOffer, {
      params: { id: hidden.id },
      body: creativeOffer as OfferInput,
    })
    await client(t.app, otherBuyer).ok(endpoints.submitOffer, {
      params: { id: open.id },
      body: cashOffer as OfferInput,
    })

    const mine = await client(t.app, fresh).ok(endpoints.myOffers)
    expect(mine.map((offer) => [offer.deal.id, offer.status])).toEqual([
      [hidden.id, 'submitted'],
      [open.id, 'withdrawn'],
    ])
    expect(mine[0]!.deal).toMatchObject({ streetAddress: null, addressHidden: true, status: 'active' })
    expect(mine[1]!.deal).toMatchObject({ streetAddress: open.streetAddress, addressHidden: false, city: 'Tempe' })
    expect((await client(t.app).send(endpoints.myOffers)).statusCode).toBe(401)
  })

  it('narrows the buyer’s own offers to one listing with ?dealId, and to none for an unknown or odd id', async () => {
    const fresh = await person(t, ['buyer'], 'Nia', 'Narrow')
    const one = await createListing(t, seller)
    const other = await createListing(t, seller)
    const first = await client(t.app, fresh).ok(endpoints.submitOffer, {
      params: { id: one.id },
      body: cashOffer as OfferInput,
    })
    const second = await client(t.app, fresh).ok(endpoints.submitOffer, {
      params: { id: one.id },
      body: creativeOffer as OfferInput,
    })
    await client(t.app, fresh).ok(endpoints.submitOffer, { params: { id: other.id }, body: cashOffer as OfferInput })
    await client(t.app, otherBuyer).ok(endpoints.submitOffer, {
      params: { id: one.id },
      body: cashOffer as OfferInput,
    })

    const onOne = await client(t.app, fresh).ok(endpoints.myOffers, { query: { dealId: one.id } })
    expect(onOne.map((offer) => [offer.id, offer.status])).toEqual([
      [second.id, 'submitted'],
      [first.id, 'withdrawn'],
    ])
    expect(await client(t.app, fresh).ok(endpoints.myOffers, { query: { dealId: UNKNOWN } })).toEqual([])
    expect(await client(t.app, fresh).ok(endpoints.myOffers, { query: { dealId: 'not-a-listing' } })).toEqual([])
    expect(await client(t.app, fresh).ok(endpoints.myOffers)).toHaveLength(3)
  })

  it('counts each listing’s offers (not withdrawn ones) beside its interests', async () => {
    const counting = await callerWith(t, ['originator'])
    const deal = await createListing(t, counting)
    await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer as OfferInput })
    await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer as OfferInput })
    await client(t.app, otherBuyer).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: creativeOffer as OfferInput,
    })
    await client(t.app, buyer).ok(endpoints.expressInterest, {
      params: { id: deal.id },
      body: { message: 'Interested', name: 'Bea Buyer', phone: '6025550100' },
    })
    const { items } = await client(t.app, counting).ok(endpoints.myDeals)
    expect(items).toEqual([expect.objectContaining({ id: deal.id, offerCount: 2, interestCount: 1 })])
  })
})

// Certified buyers carry the badge on their offers.
it('shows the buyer’s Certified badge on their offers', async () => {
  const certified = await person(t, ['buyer'], 'Cleo', 'Certified')
  await updateUserRow(t.db, certified.id, { certifiedBuyer: true })
  const deal = await createListing(t, seller)
  const offer = await client(t.app, certified).ok(endpoints.submitOffer, {
    params: { id: deal.id },
    body: cashOffer as OfferInput,
  })
  expect(offer.buyer).toEqual({ id: certified.id, name: 'Cleo Certified', certified: true })
})
