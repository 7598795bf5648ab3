import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type Deal, type Interest } from '../../src/contract'
import { notifications } from '../../server/db/schema'
import { call, callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'
import { createListing, creativeListings, setDealStatus } from './deals-helpers'
import { latestMail } from './identity-helpers'

let t: TestApp
let seller: Caller
let buyer: Caller
let otherBuyer: Caller
let admin: Caller

beforeAll(async () => {
  t = await createTestApp()
  ;[seller, buyer, otherBuyer, admin] = await Promise.all([
    callerWith(t, ['originator']),
    callerWith(t, ['buyer']),
    callerWith(t, ['buyer']),
    callerWith(t, ['admin']),
  ])
})
afterAll(() => t.close())

const interest = { message: 'Is the roof new?', name: 'Luis Vega', phone: '(602) 555-0100' }

describe('favorites', () => {
  it('counts each person once, however often they favorite, and tells the viewer theirs', async () => {
    const deal = await createListing(t, seller)
    const url = `/api/deals/${deal.id}/favorite`
    expect((await call(t.app, 'PUT', url, { as: buyer })).json()).toEqual({ favorited: true, favoriteCount: 1 })
    expect((await call(t.app, 'PUT', url, { as: buyer })).json()).toEqual({ favorited: true, favoriteCount: 1 })
    expect((await call(t.app, 'PUT', url, { as: otherBuyer })).json()).toEqual({ favorited: true, favoriteCount: 2 })

    const seen = (await call(t.app, 'GET', `/api/deals/${deal.id}`, { as: buyer })).json<Deal>()
    expect(seen).toMatchObject({ favoriteCount: 2, isFavorite: true })
    const bySeller = (await call(t.app, 'GET', `/api/deals/${deal.id}`, { as: seller })).json<Deal>()
    expect(bySeller).toMatchObject({ favoriteCount: 2, isFavorite: false })

    expect((await call(t.app, 'DELETE', url, { as: buyer })).json()).toEqual({ favorited: false, favoriteCount: 1 })
    expect((await call(t.app, 'DELETE', url, { as: buyer })).json()).toEqual({ favorited: false, favoriteCount: 1 })
  })
})

describe('interest', () => {
  it('gives the seller the buyer’s contact data and message, by mail and in the list', async () => {
    const deal = await createListing(t, seller)
    const response = await call(t.app, 'POST', `/api/deals/${deal.id}/interest`, { as: buyer, body: interest })
    expect(response.statusCode).toBe(200)
    expect(response.json<Interest>()).toMatchObject({
      dealId: deal.id,
      buyerId: buyer.id,
      name: 'Luis Vega',
      phone: '6025550100',
      email: buyer.email,
      message: 'Is the roof new?',
    })
    const seen = (await call(t.app, 'GET', `/api/deals/${deal.id}`, { as: buyer })).json<Deal>()
    expect(seen.hasExpressedInterest).toBe(true)
    expect(seen.myInterest).toEqual({ name: 'Luis Vega', phone: '6025550100', message: 'Is the roof new?' })
    // Only the buyer's own: the seller's view of the listing carries none.
    expect((await call(t.app, 'GET', `/api/deals/${deal.id}`, { as: seller })).json<Deal>().myInterest).toBeNull()

    const mail = await latestMail(t.app, seller.email)
    expect(mail).toMatchObject({ template: 'dealInterest' })
    expect(JSON.stringify(mail)).toContain('(602) 555-0100')
    const [notification] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.dealId, deal.id)))
    expect(notification).toMatchObject({ type: 'new_thread', message: 'Is the roof new?' })

    for (const viewer of [seller, admin]) {
      const list = await call(t.app, 'GET', `/api/deals/${deal.id}/interests`, { as: viewer })
      expect(list.statusCode).toBe(200)
      expect(list.json()).toEqual([expect.objectContaining({ name: 'Luis Vega', email: buyer.email })])
    }
    expect((await call(t.app, 'GET', `/api/deals/${deal.id}/interests`, { as: buyer })).statusCode).toBe(403)
  })

  it("makes the interest message the first message of the buyer's conversation with the seller", async () => {
    const deal = await createListing(t, seller)
    await client(t.app, buyer).ok(endpoints.expressInterest, { params: { id: deal.id }, body: interest })
    const { items } = await client(t.app, seller).ok(endpoints.listThreads)
    const thread = items.find((item) => item.deal?.id === deal.id)
    expect(thread).toMatchObject({ buyer: { id: buyer.id }, viewerRole: 'seller', unreadCount: 1 })
    expect(thread?.lastMessage).toMatchObject({ senderId: buyer.id, body: 'Is the roof new?' })
    const bell = await client(t.app, seller).ok(endpoints.notifications)
    expect(bell.notifications.filter((notice) => notice.threadId === thread?.threadId)).toEqual([
      expect.objectContaining({ type: 'new_thread', message: 'Is the roof new?' }),
    ])

    // Telling the seller again is the next message of the same conversation.
    const again = { ...interest, message: 'Can I visit Friday?' }
    await client(t.app, buyer).ok(endpoints.expressInterest, { params: { id: deal.id }, body: again })
    const messages = await client(t.app, seller).ok(endpoints.listMessages, { params: { threadId: thread!.threadId } })
    expect(messages.items.map((message) => message.body)).toEqual(['Is the roof new?', 'Can I visit Friday?'])
  })

  it('keeps one interest per buyer: a second one replaces the message', async () => {
    const deal = await createListing(t, seller)
    const url = `/api/deals/${deal.id}/interest`
    await call(t.app, 'POST', url, { as: buyer, body: interest })
    await call(t.app, 'POST', url, { as: buyer, body: { ...interest, message: 'Can I visit Friday?' } })
    const list = (await call(t.app, 'GET', `/api/deals/${deal.id}/interests`, { as: seller })).json<Interest[]>()
    expect(list.map((item) => item.message)).toEqual(['Can I visit Friday?'])
  })

  it('checks name, phone and message', async () => {
    const deal = await createListing(t, seller)
    const response = await call(t.app, 'POST', `/api/deals/${deal.id}/interest`, {
      as: buyer,
      body: { message: '', name: 'L', phone: '555' },
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json<{ fields: object }>().fields).sort()).toEqual(['message', 'name', 'phone'])
  })

  it('refuses interest in one’s own listing and in a listing no longer available', async () => {
    const own = await createListing(t, seller, { ...creativeListings.SubTo, streetAddress: '1 Own Way' })
    const sellerAlsoBuyer = await callerWith(t, ['originator', 'buyer'])
    const theirs = await createListing(t, sellerAlsoBuyer)
    const self = await call(t.app, 'POST', `/api/deals/${theirs.id}/interest`, { as: sellerAlsoBuyer, body: interest })
    expect(self.statusCode).toBe(403)
    expect(self.json()).toMatchObject({ code: 'own_listing' })

    await setDealStatus(t, own.id, 'sold')
    const gone = await call(t.app, 'POST', `/api/deals/${own.id}/interest`, { as: buyer, body: interest })
    expect(gone.statusCode).toBe(409)
    expect(gone.json()).toMatchObject({ code: 'listing_unavailable', message: 'This listing is no longer available' })
  })

  it('still takes interest in a pending listing (it takes no new offers, but the seller may want a backup)', async () => {
    const deal = await createListing(t, seller)
    await setDealStatus(t, deal.id, 'pending')
    const response = await call(t.app, 'POST', `/api/deals/${deal.id}/interest`, { as: buyer, body: interest })
    expect(response.statusCode).toBe(200)
  })

  it('is for buyers: a seller-only account may not express interest', async () => {
    const deal = await createListing(t, seller)
    const sellerOnly = await callerWith(t, ['originator'])
    const response = await call(t.app, 'POST', `/api/deals/${deal.id}/interest`, { as: sellerOnly, body: interest })
    expect(response.statusCode).toBe(403)
  })
})

describe('GET /api/deals/mine', () => {
  it('lists only the caller’s live listings with interest counts, filtered by status and category', async () => {
    const me = await callerWith(t, ['originator'])
    const cash = await createListing(t, me)
    const creative = await createListing(t, me, { ...creativeListings.LeaseOption, streetAddress: '9 Mine Court' })
    const gone = await createListing(t, me)
    await call(t.app, 'DELETE', `/api/deals/${gone.id}`, { as: me })
    await createListing(t, seller)
    await call(t.app, 'POST', `/api/deals/${cash.id}/interest`, { as: buyer, body: interest })
    await call(t.app, 'POST', `/api/deals/${cash.id}/interest`, { as: otherBuyer, body: interest })
    await setDealStatus(t, creative.id, 'pending')

    const all = await call(t.app, 'GET', '/api/deals/mine', { as: me })
    expect(all.statusCode).toBe(200)
    type Page = { items: { id: string; interestCount: number; offerCount: number; monthlyPayment: number }[] }
    const page = all.json<Page & { total: number; page: number; pageSize: number }>()
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 20 })
    const { items } = page
    expect(items.map((item) => item.id)).toEqual([creative.id, cash.id])
    expect(items.find((item) => item.id === cash.id)).toMatchObject({ interestCount: 2, offerCount: 0 })
    expect(items.find((item) => item.id === creative.id)).toMatchObject({ monthlyPayment: 1900 })

    const pending = (await call(t.app, 'GET', '/api/deals/mine?status=pending', { as: me })).json<Page>()
    expect(pending.items.map((item) => item.id)).toEqual([creative.id])
    const cashOnly = (await call(t.app, 'GET', '/api/deals/mine?dealCategory=cash', { as: me })).json<Page>()
    expect(cashOnly.items.map((item) => item.id)).toEqual([cash.id])
  })

  it('answers a page with the total, and an empty page past the end with the same total', async () => {
    const me = await callerWith(t, ['originator'])
    const created = []
    for (let index = 0; index < 5; index += 1) {
      created.push(await createListing(t, me, { streetAddress: `${index + 1} Pager Lane` }))
    }
    const newestFirst = created.map((deal) => deal.id).reverse()
    const pageOf = async (query: string) =>
      (await call(t.app, 'GET', `/api/deals/mine?${query}`, { as: me })).json<{
        items: { id: string }[]
        total: number
        page: number
        pageSize: number
      }>()

    const second = await pageOf('page=2&pageSize=2')
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 })
    expect(second.items.map((item) => item.id)).toEqual(newestFirst.slice(2, 4))
    expect((await pageOf('page=3&pageSize=2')).items.map((item) => item.id)).toEqual(newestFirst.slice(4))
    expect(await pageOf('page=9&pageSize=2')).toEqual({ items: [], total: 5, page: 9, pageSize: 2 })
    const tooBig = await call(t.app, 'GET', '/api/deals/mine?pageSize=101', { as: me })
    expect(tooBig.statusCode).toBe(400)
    expect(tooBig.json()).toMatchObject({ message: expect.any(String), fields: { pageSize: expect.any(String) } })
  })

  it('is for sellers', async () => {
    expect((await call(t.app, 'GET', '/api/deals/mine', { as: buyer })).statusCode).toBe(403)
  })
})
