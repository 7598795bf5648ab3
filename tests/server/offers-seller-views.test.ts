import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type OfferInput } from '../../src/contract'
import { updateUserRow } from '../../server/modules/users/repository'
import { callerWith, type Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

// The seller's views of a listing (issue 11): who offered and who is interested, each with their Certified
// badge and a link to their conversation with the seller about the listing.
let t: TestApp
let seller: Caller
let otherSeller: Caller
let buyer: Caller
let certified: Caller
let admin: Caller
let owner: Caller

beforeAll(async () => {
  t = await createTestApp()
  ;[seller, otherSeller, buyer, certified, admin, owner] = await Promise.all([
    person(t, ['originator'], 'Sam', 'Seller'),
    callerWith(t, ['originator']),
    person(t, ['buyer'], 'Bea', 'Buyer'),
    person(t, ['buyer'], 'Cleo', 'Certified'),
    callerWith(t, ['admin']),
    callerWith(t, ['owner']),
  ])
  await updateUserRow(t.db, certified.id, { certifiedBuyer: true })
})
afterAll(() => t.close())

const cashOffer = { type: 'cash', purchasePrice: 240000, closeOfEscrowDate: '2099-06-30' } as OfferInput
const interest = { message: 'Is the roof new?', name: 'Cleo Certified', phone: '6025550100' }

describe('GET /api/deals/:id/offers: the conversation with each buyer', () => {
  it('gives each offer the id of its buyer’s conversation about the listing, null while there is none', async () => {
    const deal = await createListing(t, seller)
    const thread = await client(t.app, buyer).ok(endpoints.startThread, {
      body: { dealId: deal.id, message: 'Still available?' },
    })
    // The same buyer's conversation about another listing is not this one.
    const elsewhere = await createListing(t, seller)
    await client(t.app, certified).ok(endpoints.startThread, { body: { dealId: elsewhere.id, message: 'Hi' } })
    const talked = await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer })
    const silent = await client(t.app, certified).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: cashOffer,
    })

    const list = await client(t.app, seller).ok(endpoints.listOffers, { params: { id: deal.id } })
    expect(list.map((offer) => [offer.id, offer.threadId])).toEqual([
      [silent.id, null],
      [talked.id, thread.threadId],
    ])
    expect(list[0]!.buyer).toMatchObject({ name: 'Cleo Certified', certified: true })

    // Accepting starts the conversation the seller can then open.
    await client(t.app, seller).ok(endpoints.acceptOffer, { params: { offerId: silent.id } })
    const after = await client(t.app, seller).ok(endpoints.listOffers, { params: { id: deal.id } })
    const started = after.find((offer) => offer.id === silent.id)!.threadId
    expect(started).toEqual(expect.any(String))
    const opened = await client(t.app, seller).ok(endpoints.getThread, { params: { threadId: started! } })
    expect(opened).toMatchObject({ deal: { id: deal.id }, buyer: { id: certified.id }, viewerRole: 'seller' })
  })
})

describe('GET /api/deals/:id/interests: badge, conversation and who may read', () => {
  it('gives each interested buyer their Certified badge and their conversation about the listing', async () => {
    const deal = await createListing(t, seller)
    await client(t.app, certified).ok(endpoints.expressInterest, { params: { id: deal.id }, body: interest })
    await client(t.app, buyer).ok(endpoints.expressInterest, {
      params: { id: deal.id },
      body: { ...interest, name: 'Bea Buyer' },
    })
    const { items } = await client(t.app, seller).ok(endpoints.listThreads)
    const threadOf = (buyerId: string) =>
      items.find((thread) => thread.deal?.id === deal.id && thread.buyer.id === buyerId)?.threadId

    const list = await client(t.app, seller).ok(endpoints.listInterests, { params: { id: deal.id } })
    expect(list.map((row) => [row.name, row.certified, row.threadId])).toEqual([
      ['Bea Buyer', false, threadOf(buyer.id)],
      ['Cleo Certified', true, threadOf(certified.id)],
    ])
    expect(list.every((row) => typeof row.threadId === 'string')).toBe(true)
  })

  it('lets the listing’s seller, admins and owners read the interests; not buyers, even interested ones, nor other sellers', async () => {
    const deal = await createListing(t, seller)
    await client(t.app, buyer).ok(endpoints.expressInterest, { params: { id: deal.id }, body: interest })
    for (const reader of [seller, admin, owner]) {
      expect(await client(t.app, reader).ok(endpoints.listInterests, { params: { id: deal.id } })).toHaveLength(1)
      const csv = await client(t.app, reader).send(endpoints.exportInterestsCsv, { params: { id: deal.id } })
      expect(csv.statusCode).toBe(200)
    }
    for (const stranger of [buyer, certified, otherSeller]) {
      const refused = await client(t.app, stranger).send(endpoints.listInterests, { params: { id: deal.id } })
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({ code: 'forbidden', message: expect.any(String) })
      const csv = await client(t.app, stranger).send(endpoints.exportInterestsCsv, { params: { id: deal.id } })
      expect(csv.statusCode).toBe(403)
    }
    expect((await client(t.app).send(endpoints.listInterests, { params: { id: deal.id } })).statusCode).toBe(401)
  })
})
