import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { deals } from '../../server/db/schema'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

/*
 * Issue 26, deal analytics: who may read a listing's analytics, and that its counts are exactly what buyers
 * did: one view per visitor per UTC day (the seller's own never), favorites, interests, offers and
 * conversations, by day and by week, with each step's conversion; the priority notification; the medians
 * of similar live listings in the ZIP and the state.
 */

// The app's clock at 23:30 UTC today (favorites and interests take the database's time, today's too);
// forty minutes later is tomorrow, and tokens stay valid.
const DAY_MS = 86_400_000
const today = new Date().toISOString().slice(0, 10)
const tomorrow = new Date(Date.parse(today) + DAY_MS).toISOString().slice(0, 10)
let clock = new Date(`${today}T23:30:00Z`)
/** The Monday (UTC) of the week holding `day`. */
const mondayOf = (day: string) => {
  const at = new Date(`${day}T00:00:00Z`)
  return new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10)
}
let t: TestApp
let seller: Caller
let otherSeller: Caller
let buyerA: Caller
let buyerB: Caller
let admin: Caller
let owner: Caller
let dealId: string

const view = (as: Caller) => client(t.app, as).ok(endpoints.getDeal, { params: { id: dealId } })
const analytics = (as: Caller) => client(t.app, as).ok(endpoints.dealAnalytics, { params: { id: dealId } })

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  seller = await callerWith(t, ['originator'], 'analytics-seller@example.com')
  otherSeller = await callerWith(t, ['originator'], 'analytics-other@example.com')
  buyerA = await callerWith(t, ['buyer'], 'analytics-a@example.com')
  buyerB = await callerWith(t, ['buyer'], 'analytics-b@example.com')
  admin = await callerWith(t, ['admin'], 'analytics-admin@example.com')
  owner = await callerWith(t, ['owner'], 'analytics-owner@example.com')
  dealId = (await createListing(t, seller, { purchasePrice: 250_000 })).id
}, 60_000)
afterAll(() => t.close())

describe('who may read a listing analytics', () => {
  it('answers the seller, admins and owners; 403 to buyers and other sellers; 404 for no listing', async () => {
    for (const reader of [seller, admin, owner]) expect((await analytics(reader)).dealId).toBe(dealId)
    for (const stranger of [buyerA, otherSeller]) {
      const response = await client(t.app, stranger).send(endpoints.dealAnalytics, { params: { id: dealId } })
      expect(response.statusCode).toBe(403)
    }
    const missing = await client(t.app, seller).send(endpoints.dealAnalytics, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
    })
    expect(missing.statusCode).toBe(404)
    const signedOut = await client(t.app).send(endpoints.dealAnalytics, { params: { id: dealId } })
    expect(signedOut.statusCode).toBe(401)
  })
})

describe('what the analytics count', () => {
  it('counts one view per visitor per day, never the seller, and each step with its conversion', async () => {
    await view(buyerA)
    await view(buyerA)
    await view(buyerB)
    await view(seller)
    await client(t.app, buyerA).ok(endpoints.favoriteDeal, { params: { id: dealId } })
    await client(t.app, buyerB).ok(endpoints.expressInterest, {
      params: { id: dealId },
      body: { name: 'Bea Buyer', phone: '(602) 555-0100', message: 'Still available?' },
    })
    await client(t.app, buyerA).ok(endpoints.submitOffer, {
      params: { id: dealId },
      body: { type: 'cash', purchasePrice: 240_000, closeOfEscrowDate: '2026-12-20' },
    })
    await client(t.app, buyerB).ok(endpoints.startThread, { body: { dealId, message: 'Hello' } })

    clock = new Date(`${tomorrow}T00:10:00Z`)
    await view(buyerA)
    await view(seller)

    const answer = await analytics(seller)
    expect(answer.totals).toEqual({ views: 3, favorites: 1, interests: 1, offers: 1, conversations: 1 })
    expect(answer.conversion).toEqual({ favorites: 0.3333, interests: 1, offers: 1, conversations: 1 })
    expect(answer.daily).toHaveLength(30)
    expect(answer.daily.at(-2)).toEqual({
      start: today,
      views: 2,
      favorites: 1,
      interests: 1,
      offers: 1,
      conversations: 1,
    })
    expect(answer.daily.at(-1)).toEqual({
      start: tomorrow,
      views: 1,
      favorites: 0,
      interests: 0,
      offers: 0,
      conversations: 0,
    })
    expect(answer.weekly).toHaveLength(12)
    // Tomorrow's week: today's counts too when both fall in it.
    const sameWeek = mondayOf(today) === mondayOf(tomorrow)
    expect(answer.weekly.at(-1)).toMatchObject({ start: mondayOf(tomorrow), views: sameWeek ? 3 : 1 })
    expect(answer.weekly.filter((week) => week.start === mondayOf(today))[0]).toMatchObject({
      views: sameWeek ? 3 : 2,
      favorites: 1,
      offers: 1,
    })
  })

  it('counts a buyer who replaces an offer once, and no conversion after a step of 0', async () => {
    const fresh = (await createListing(t, seller, { purchasePrice: 90_000, propertyType: 'condo' })).id
    for (const price of [80_000, 85_000]) {
      await client(t.app, buyerA).ok(endpoints.submitOffer, {
        params: { id: fresh },
        body: { type: 'cash', purchasePrice: price, closeOfEscrowDate: '2026-12-20' },
      })
    }
    const answer = await client(t.app, seller).ok(endpoints.dealAnalytics, { params: { id: fresh } })
    expect(answer.totals.offers).toBe(1)
    expect(answer.conversion).toEqual({ favorites: null, interests: null, offers: null, conversations: 0 })
  })

  it('shows the priority notification as recorded on the listing', async () => {
    await t.db
      .update(deals)
      .set({ priorityNotifiedCount: 4, priorityNotifiedAt: new Date(`${today}T23:31:00Z`) })
      .where(eq(deals.id, dealId))
    expect((await analytics(seller)).priorityNotification).toEqual({ count: 4, sentAt: `${today}T23:31:00.000Z` })
  })
})

describe('how the listing compares', () => {
  it('gives the medians of live listings of the same type in its ZIP and its state, itself left out', async () => {
    await createListing(t, otherSeller, { purchasePrice: 200_000, entryFee: null })
    await createListing(t, otherSeller, { purchasePrice: 300_000 })
    await createListing(t, otherSeller, { purchasePrice: 400_000, zipCode: '85004' })
    await createListing(t, otherSeller, { purchasePrice: 999_000, propertyType: 'manufactured' })
    const sold = await createListing(t, otherSeller, { purchasePrice: 1_000 })
    await t.db.update(deals).set({ status: 'sold' }).where(eq(deals.id, sold.id))

    const { comparison } = await analytics(seller)
    expect(comparison.listing).toEqual({ daysListed: 0, price: 250_000, entryFee: null })
    expect(comparison.zip).toEqual({
      zipCode: '85001',
      listings: 2,
      medianDaysListed: 0,
      medianPrice: 250_000,
      medianEntryFee: null,
    })
    expect(comparison.state).toMatchObject({ state: 'AZ', listings: 3, medianPrice: 300_000 })
  })
})
