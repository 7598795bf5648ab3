import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, PreferencesSchema, BuyBoxSchema } from '../../src/contract'
import { users } from '../../server/db/schema'
import { putDocument } from '../../server/modules/profile/documents'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

/*
 * Issue 26, buyer demand: the buyer map and its analytics for sellers, owners and admins; a ZIP code's
 * analytics for anyone. A ZIP or group of fewer than 3 buyers is never answered; an average over fewer
 * than 5 buyers is not given.
 */

let t: TestApp
let seller: Caller
const US = { bbox: '-125,24,-66,50', zoom: 4 }

beforeAll(async () => {
  t = await createTestApp()
  seller = await callerWith(t, ['originator'])
}, 60_000)
afterAll(() => t.close())

/** A buyer account (no sign-in needed: these buyers are only counted) with saved preferences. */
async function buyer(preferences: object, buyBox?: object) {
  const [row] = await t.db
    .insert(users)
    .values({ cognitoSub: randomUUID(), email: `${randomUUID()}@example.test`, roles: ['buyer'] })
    .returning({ id: users.id })
  const id = row!.id
  await putDocument(t.db, 'preferences', id, PreferencesSchema.parse({ state: 'AZ', city: 'Phoenix', ...preferences }))
  if (buyBox) await putDocument(t.db, 'buyBox', id, BuyBoxSchema.parse({ type: 'cash', ...buyBox }))
  return id
}
const buyers = (count: number, preferences: object, buyBox?: object) =>
  Promise.all(Array.from({ length: count }, () => buyer(preferences, buyBox)))

describe('who may read buyer demand', () => {
  it('refuses buyers and signed-out callers the buyer map and its analytics; sellers, owners and admins read them', async () => {
    const plainBuyer = await callerWith(t, ['buyer'])
    for (const endpoint of [endpoints.buyerLocations, endpoints.buyerAnalytics]) {
      const query = endpoint === endpoints.buyerLocations ? US : {}
      expect((await client(t.app, plainBuyer).send(endpoint, { query })).statusCode).toBe(403)
      expect((await client(t.app).send(endpoint, { query })).statusCode).toBe(401)
      for (const roles of [['originator'], ['owner'], ['admin']] as const) {
        const reader = roles[0] === 'originator' ? seller : await callerWith(t, [...roles])
        expect((await client(t.app, reader).send(endpoint, { query })).statusCode).toBe(200)
      }
    }
  })

  it('answers a ZIP code’s analytics signed out, and a malformed ZIP code with a field message', async () => {
    const answer = await client(t.app).ok(endpoints.zipAnalytics, { params: { zip: '85001' } })
    expect(answer).toMatchObject({ zipCode: '85001', city: 'Phoenix', state: 'AZ' })
    const bad = await client(t.app).send(endpoints.zipAnalytics, { params: { zip: '85' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toHaveProperty('zip')
  })
})

describe('small cells', () => {
  it('leaves a ZIP of 2 buyers off the map and shows ZIPs of 3 and 4', async () => {
    await buyers(2, { zipCodes: ['98101'], state: 'WA', city: 'Seattle' })
    await buyers(3, { zipCodes: ['02108'], state: 'MA', city: 'Boston' })
    await buyers(4, { zipCodes: ['60601'], state: 'IL', city: 'Chicago' })
    const map = await client(t.app, seller).ok(endpoints.buyerLocations, { query: US })
    const counts = Object.fromEntries(map.zips.map((zip) => [zip.zipCode, zip.count]))
    expect(counts['98101']).toBeUndefined()
    expect(counts['02108']).toBe(3)
    expect(counts['60601']).toBe(4)
    expect(map.clusters.every((cluster) => cluster.count >= 3)).toBe(true)
  })

  it('gives no average for 4 buyers in a ZIP and gives it for 5', async () => {
    await buyers(4, {
      zipCodes: ['30301'],
      state: 'GA',
      city: 'Atlanta',
      maxDownPayment: 20_000,
      maxMonthlyPayment: 1_500,
    })
    const four = await client(t.app).ok(endpoints.zipAnalytics, { params: { zip: '30301' } })
    expect(four).toMatchObject({ buyerCount: 4, avgDownPayment: null, avgMonthlyPayment: null })
    await buyer({ zipCodes: ['30301'], state: 'GA', city: 'Atlanta', maxDownPayment: 40_000, maxMonthlyPayment: 2_000 })
    const five = await client(t.app).ok(endpoints.zipAnalytics, { params: { zip: '30301' } })
    expect(five).toMatchObject({ buyerCount: 5, avgDownPayment: 24_000, avgMonthlyPayment: 1_600 })
    expect(five.lastUpdated).not.toBeNull()
  })

  it('leaves analytics groups of fewer than 3 buyers out', async () => {
    const zip = '33101'
    await buyers(3, { zipCodes: [zip], state: 'FL', city: 'Miami', financingType: 'fha', creditScoreRange: 'good' })
    await buyers(2, { zipCodes: [zip], state: 'FL', city: 'Miami', financingType: 'va', creditScoreRange: 'fair' })
    const answer = await client(t.app, seller).ok(endpoints.buyerAnalytics, {
      query: { radiusZip: zip, radiusMiles: 1 },
    })
    expect(answer.total).toBe(5)
    expect(answer.byFinancingType).toEqual([{ key: 'fha', count: 3 }])
    expect(answer.byCreditRange).toEqual([{ key: 'good', count: 3 }])
    expect(answer.byState).toEqual([{ key: 'FL', count: 5 }])
  })
})

describe('filters and figures', () => {
  it('narrows the map by price bucket, beds, baths, financing and a radius around a ZIP code', async () => {
    const denver = { state: 'CO', city: 'Denver', zipCodes: ['80202'] }
    await buyers(
      3,
      { ...denver, minBedrooms: 3, minBathrooms: 2, financingType: 'cash' },
      { maxPrice: 450_000, zipCodes: [] },
    )
    await buyers(3, { ...denver, minBedrooms: 1, financingType: 'conventional' }, { maxPrice: 900_000, zipCodes: [] })
    const near = { radiusZip: '80202', radiusMiles: 5 }
    const countFor = async (query: object) => {
      const map = await client(t.app, seller).ok(endpoints.buyerLocations, { query: { ...US, ...near, ...query } })
      return map.zips.find((zip) => zip.zipCode === '80202')?.count ?? 0
    }
    expect(await countFor({})).toBe(6)
    expect(await countFor({ priceBucket: 'to500k' })).toBe(3)
    expect(await countFor({ priceBucket: 'to1m' })).toBe(3)
    expect(await countFor({ priceBucket: 'to2m' })).toBe(0)
    expect(await countFor({ minBeds: 3 })).toBe(3)
    expect(await countFor({ minBaths: 2, financingType: 'cash' })).toBe(3)
    const elsewhere = await client(t.app, seller).ok(endpoints.buyerLocations, { query: { ...US, ...near } })
    expect(elsewhere.zips.map((zip) => zip.zipCode)).toEqual(['80202'])
  })

  it('counts a radius’s ZIP codes together and gives the ZIP’s live listings’ medians', async () => {
    await buyers(5, { state: 'TX', city: 'Austin', zipCodes: ['78701'], maxDownPayment: 10_000 })
    await buyers(2, { state: 'TX', city: 'Austin', zipCodes: ['78702'], maxDownPayment: 30_000 })
    for (const price of [200_000, 300_000, 400_000]) {
      await createListing(t, seller, { zipCode: '78701', state: 'TX', city: 'Austin', purchasePrice: price })
    }
    const answer = await client(t.app).ok(endpoints.zipAnalytics, {
      params: { zip: '78701' },
      query: { radiusMiles: 10 },
    })
    expect(answer).toMatchObject({ buyerCount: 5, avgDownPayment: 10_000 })
    expect(answer.radius).toMatchObject({ miles: 10, buyerCount: 7 })
    expect(answer.radius!.avgDownPayment).toBeCloseTo(15_714, 0)
    expect(answer.listings).toMatchObject({ count: 3, medianPrice: 300_000 })
  })

  it('counts a buyer saved through the profile endpoint at once', async () => {
    const zip = '97201'
    await buyers(2, { state: 'OR', city: 'Portland', zipCodes: [zip] })
    const someone = await callerWith(t, ['buyer'])
    await client(t.app, someone).ok(endpoints.putPreferences, {
      body: { state: 'OR', city: 'Portland', zipCodes: [zip] },
    })
    const map = await client(t.app, seller).ok(endpoints.buyerLocations, { query: US })
    expect(map.zips.find((entry) => entry.zipCode === zip)?.count).toBe(3)
  })
})
