import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type InterestInput } from '../../src/contract'
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

const interest = (message = 'I would like to see it.'): { body: InterestInput } => ({
  body: { message, name: 'Bea Buyer', phone: '(602) 555-0101' },
})
const cashOffer = { type: 'cash', purchasePrice: 240000, closeOfEscrowDate: '2099-06-30' } as const

const express = (as: Caller, dealId: string, message?: string) =>
  client(t.app, as).ok(endpoints.expressInterest, { params: { id: dealId }, ...interest(message) })
const offer = (as: Caller, dealId: string) =>
  client(t.app, as).ok(endpoints.submitOffer, { params: { id: dealId }, body: cashOffer })
/** A listing as news names it: as its seller sees it. */
const listingOf = (deal: {
  streetAddress: string | null
  city: string
  state: string
  zipCode: string
  status: string
}) => ({
  streetAddress: deal.streetAddress,
  city: deal.city,
  state: deal.state,
  zipCode: deal.zipCode,
  status: deal.status,
})
const write = (as: Caller, dealId: string, message: string) =>
  client(t.app, as).ok(endpoints.startThread, { body: { dealId, message } })

describe('dashboard news (selling mode)', () => {
  it('is for sellers, admins and owners only: a buyer gets 403, a visitor 401', async () => {
    for (const endpoint of [endpoints.startDashboardVisit, endpoints.dashboardNews]) {
      expect((await client(t.app, buyer).send(endpoint)).statusCode).toBe(403)
      expect((await client(t.app).send(endpoint)).statusCode).toBe(401)
    }
    for (const caller of [admin, owner, otherSeller]) {
      expect((await client(t.app, caller).send(endpoints.dashboardNews)).statusCode).toBe(200)
    }
  })

  it("counts new interests, offers and buyers' messages on one's own live listings since the previous visit", async () => {
    const me = await person(t, ['originator'], 'Nia', 'News')
    // The first hides its street from buyers; its seller's news names it all the same.
    const [first, second, gone] = await Promise.all([
      createListing(t, me, { hideAddress: true }),
      createListing(t, me),
      createListing(t, me),
    ])
    expect(first.streetAddress).toMatch(/Unique Road/)
    const elsewhere = await createListing(t, otherSeller)
    await express(buyer, first.id) // also the buyer's first message in a new conversation
    await express(buyer, elsewhere.id)
    await express(buyer, gone.id)
    await setDealStatus(t, gone.id, 'deleted')

    // First visit ever: nothing was seen yet, so everything so far is new (on live listings of one's own).
    const firstVisit = await client(t.app, me).ok(endpoints.startDashboardVisit)
    expect(firstVisit).toEqual({
      since: null,
      interests: 1,
      offers: 0,
      messages: 1,
      deals: [expect.objectContaining({ dealId: first.id, interests: 1, offers: 0, messages: 1, status: 'active' })],
    })

    // The next visit counts from the first one: nothing new yet.
    const secondVisit = await client(t.app, me).ok(endpoints.startDashboardVisit)
    expect(secondVisit.since).not.toBeNull()
    expect(secondVisit).toMatchObject({ interests: 0, offers: 0, messages: 0, deals: [] })

    await offer(otherBuyer, second.id)
    await express(otherBuyer, second.id, 'Interested too.')
    const thread = await write(buyer, first.id, 'Is the roof new?')
    await client(t.app, me).ok(endpoints.sendMessage, {
      params: { threadId: thread.threadId },
      body: { message: 'Yes, 2021.' },
    })
    await offer(buyer, elsewhere.id)

    const news = await client(t.app, me).ok(endpoints.dashboardNews)
    expect(news).toEqual({
      since: secondVisit.since,
      interests: 1,
      offers: 1,
      // The buyer's question, not the seller's own answer; the interest's message went to its own conversation.
      messages: 2,
      deals: expect.arrayContaining([
        { ...listingOf(second), dealId: second.id, interests: 1, offers: 1, messages: 1 },
        { ...listingOf(first), dealId: first.id, interests: 0, offers: 0, messages: 1 },
      ]) as unknown,
    })
    expect(news.deals).toHaveLength(2)
    // Reading the news again does not start a visit: the same news, from the same point.
    expect(await client(t.app, me).ok(endpoints.dashboardNews)).toEqual(news)
    // The other seller's listing had an offer, none of it reaches this seller.
    const theirs = await client(t.app, otherSeller).ok(endpoints.dashboardNews)
    expect(theirs.deals.map((deal) => deal.dealId)).not.toContain(first.id)
    expect(theirs.deals.map((deal) => deal.dealId)).toContain(elsewhere.id)
  })

  it("an admin's news is only about the listings they sell themselves", async () => {
    const mine = await createListing(t, admin)
    const someoneElses = await createListing(t, seller)
    await express(buyer, mine.id)
    await express(buyer, someoneElses.id)
    const news = await client(t.app, admin).ok(endpoints.dashboardNews)
    const ids = news.deals.map((deal) => deal.dealId)
    expect(ids).toContain(mine.id)
    expect(ids).not.toContain(someoneElses.id)
  })
})

describe('myInterests (buying mode)', () => {
  it("answers only the caller's own interests, latest first, with the listing as they may see it", async () => {
    const me = await person(t, ['buyer'], 'Ivy', 'Interest')
    const open = await createListing(t, seller, { streetAddress: '1 Open Lane' })
    const hidden = await createListing(t, seller, { streetAddress: '2 Hidden Lane', hideAddress: true })
    const gone = await createListing(t, seller)
    await express(me, open.id, 'First')
    await express(me, hidden.id, 'Second')
    await express(me, gone.id, 'Third')
    await express(otherBuyer, open.id, 'Not mine')
    await setDealStatus(t, gone.id, 'deleted')

    const mine = await client(t.app, me).ok(endpoints.myInterests)
    expect(mine.map((item) => item.message)).toEqual(['Second', 'First'])
    expect(mine[0]?.deal).toMatchObject({ id: hidden.id, streetAddress: null, addressHidden: true, status: 'active' })
    expect(mine[1]?.deal).toMatchObject({ id: open.id, streetAddress: '1 Open Lane', addressHidden: false })
    expect(Date.parse(mine[0]?.createdAt ?? '')).toBeGreaterThan(0)

    // Someone else (a buyer, the listing's seller, an admin) reads their own, never these.
    for (const caller of [otherBuyer, seller, admin]) {
      const theirs = await client(t.app, caller).ok(endpoints.myInterests)
      expect(theirs.map((item) => item.message)).not.toContain('First')
    }
    expect((await client(t.app).send(endpoints.myInterests)).statusCode).toBe(401)
  })
})
