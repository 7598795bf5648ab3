import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BuyBoxSchema, PreferencesSchema, type DealSummary } from '../../src/contract'
import { deals } from '../../server/db/schema'
import { putDocument } from '../../server/modules/profile/documents'
import { dealRow, type DealSeed } from '../../server/modules/seed/listings-rows'
import { call, callerWith, type Caller } from './accounts-helpers'
import { createTestApp, type TestApp } from './helpers'

const NOW = new Date('2026-11-20T12:00:00Z')
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000)

let t: TestApp
let seller: Caller
let otherSeller: Caller
let buyer: Caller
let newBuyer: Caller
let admin: Caller
const ids: Record<string, string> = {}

async function insert(name: string, seed: Omit<DealSeed, 'sellerId'>, sellerId = seller.id) {
  const [row] = await t.db
    .insert(deals)
    .values(dealRow({ sellerId, ...seed }))
    .returning({ id: deals.id })
  ids[name] = row!.id
}

const phoenix = { city: 'Phoenix', state: 'AZ', latitude: 33.45, longitude: -112.07 } as const

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW })
  seller = await callerWith(t, ['originator'], 'seller-match@example.com')
  otherSeller = await callerWith(t, ['originator'], 'other-seller-match@example.com')
  buyer = await callerWith(t, ['buyer'], 'buyer-match@example.com')
  newBuyer = await callerWith(t, ['buyer'], 'new-buyer-match@example.com')
  admin = await callerWith(t, ['admin'], 'admin-match@example.com')
  // Cash, in 85008, up to $250,000, 3 beds: A fits all, B only the city, C and D nothing.
  await putDocument(
    t.db,
    'buyBox',
    buyer.id,
    BuyBoxSchema.parse({ type: 'cash', zipCodes: ['85008'], maxPrice: 250_000 }),
  )
  await putDocument(
    t.db,
    'preferences',
    buyer.id,
    PreferencesSchema.parse({ state: 'AZ', city: 'Phoenix', minBedrooms: 3 }),
  )
  const cash = { dealCategory: 'cash', propertyType: 'single-family' } as const
  await insert('A', {
    ...phoenix,
    ...cash,
    streetAddress: '1 A St',
    zipCode: '85008',
    purchasePrice: 200_000,
    bedrooms: 3,
    createdAt: daysAgo(5),
  })
  await insert('B', {
    ...phoenix,
    streetAddress: '2 B St',
    zipCode: '85016',
    dealCategory: 'creative',
    purchaseType: 'SubTo',
    propertyType: 'condo',
    purchasePrice: 300_000,
    interestRate: 3.5,
    piti: 1800,
    bedrooms: 2,
    createdAt: daysAgo(1),
  })
  const austin = { city: 'Austin', state: 'TX', zipCode: '78702', latitude: 30.26, longitude: -97.71 } as const
  await insert('C', {
    ...austin,
    ...cash,
    streetAddress: '3 C St',
    purchasePrice: 400_000,
    bedrooms: 2,
    createdAt: daysAgo(2),
  })
  // As good as A but three weeks old: browse has it, the dashboard's fortnight does not.
  await insert('Old', {
    ...phoenix,
    ...cash,
    streetAddress: '4 Old St',
    zipCode: '85008',
    purchasePrice: 210_000,
    bedrooms: 4,
    createdAt: daysAgo(21),
  })
})

afterAll(() => t.close())

type Page = { items: DealSummary[]; matching: string; total: number }
const browse = async (as: Caller, query = '') => (await call(t.app, 'GET', `/api/deals${query}`, { as })).json<Page>()

describe('browse cards carry the buyer’s match', () => {
  it('gives a buyer with criteria each card’s score and top three reasons', async () => {
    const page = await browse(buyer)
    expect(page.matching).toBe('scored')
    const a = page.items.find((item) => item.id === ids.A)!
    expect(a.match!.score).toBe(100)
    expect(a.match!.reasons).toHaveLength(3)
    expect(a.match!.reasons.map((reason) => reason.outcome)).toEqual(['match', 'match', 'match'])
    const c = page.items.find((item) => item.id === ids.C)!
    expect(c.match!.score).toBeLessThan(a.match!.score)
  })

  it('sorts by best match, ties by newest', async () => {
    const page = await browse(buyer, '?sort=best-match')
    expect(page.items.map((item) => item.id)).toEqual([ids.A, ids.Old, ids.B, ids.C])
    const scores = page.items.map((item) => item.match!.score)
    expect([...scores].sort((x, y) => y - x)).toEqual(scores)
    expect(page.total).toBe(4)
  })

  it('pages by score', async () => {
    const second = await browse(buyer, '?sort=best-match&pageSize=2&page=2')
    expect(second.items.map((item) => item.id)).toEqual([ids.B, ids.C])
  })

  it('gives a buyer without criteria no match and says why', async () => {
    const page = await browse(newBuyer, '?sort=best-match')
    expect(page.matching).toBe('no-criteria')
    expect(page.items.every((item) => item.match == null)).toBe(true)
    // Newest first for them.
    expect(page.items[0]!.id).toBe(ids.B)
  })

  it('gives a seller no match', async () => {
    const page = await browse(otherSeller)
    expect(page.matching).toBe('off')
    expect(page.items.every((item) => item.match == null)).toBe(true)
  })
})

describe('a listing’s page', () => {
  it('gives the buyer every reason', async () => {
    const answer = await call(t.app, 'GET', `/api/deals/${ids.B}/match`, { as: buyer })
    expect(answer.statusCode).toBe(200)
    const { matching, match } = answer.json()
    expect(matching).toBe('scored')
    const codes = match.reasons.map((reason: { code: string }) => reason.code)
    expect(codes).toEqual(expect.arrayContaining(['area', 'price', 'dealType', 'state', 'bedrooms']))
    const outcome = (code: string) => match.reasons.find((reason: { code: string }) => reason.code === code).outcome
    expect(outcome('area')).toBe('match')
    expect(outcome('price')).toBe('miss')
  })

  it('tells a buyer without criteria to set them', async () => {
    const { matching, match } = (await call(t.app, 'GET', `/api/deals/${ids.B}/match`, { as: newBuyer })).json()
    expect({ matching, match }).toEqual({ matching: 'no-criteria', match: null })
  })

  it('answers 404 for a listing that does not exist', async () => {
    const answer = await call(t.app, 'GET', `/api/deals/00000000-0000-4000-8000-000000000000/match`, { as: buyer })
    expect(answer.statusCode).toBe(404)
  })
})

describe('the buying dashboard', () => {
  it('lists the best new matches of the last 14 days with their top reason', async () => {
    const answer = await call(t.app, 'GET', '/api/dashboard/best-matches', { as: buyer })
    const body = answer.json<{ items: DealSummary[]; days: number; matching: string }>()
    expect(body.days).toBe(14)
    expect(body.items.map((item) => item.id)).toEqual([ids.A, ids.B, ids.C])
    expect(body.items.every((item) => item.match!.reasons.length === 1)).toBe(true)
  })

  it('is empty for a buyer without criteria', async () => {
    const body = (await call(t.app, 'GET', '/api/dashboard/best-matches', { as: newBuyer })).json()
    expect(body).toEqual({ matching: 'no-criteria', days: 14, items: [] })
  })
})

describe('a seller’s buyers per score band', () => {
  it('counts the buyers in each band, never who', async () => {
    const near = await callerWith(t, ['buyer'], 'near-match@example.com')
    await putDocument(
      t.db,
      'preferences',
      near.id,
      PreferencesSchema.parse({ state: 'AZ', city: 'Mesa', radiusZip: '85016', radiusMiles: 10 }),
    )
    const far = await callerWith(t, ['buyer'], 'far-match@example.com')
    await putDocument(
      t.db,
      'preferences',
      far.id,
      PreferencesSchema.parse({ state: 'TX', city: 'Austin', radiusZip: '78702', radiusMiles: 10 }),
    )
    const answer = await call(t.app, 'GET', `/api/deals/${ids.A}/match-bands`, { as: seller })
    expect(answer.statusCode).toBe(200)
    // buyer (100) and near (radius match, 100); far is 900 miles away and not scored.
    expect(answer.json()).toEqual({
      bands: [
        { min: 80, max: 100, count: 2 },
        { min: 60, max: 79, count: 0 },
        { min: 40, max: 59, count: 0 },
      ],
      scoredBuyers: 2,
    })
    for (const person of [buyer, near, far]) {
      expect(answer.body).not.toContain(person.id)
      expect(answer.body).not.toContain('match@example.com')
    }
  })

  it('is for the listing’s seller and admins only', async () => {
    const url = `/api/deals/${ids.A}/match-bands`
    expect((await call(t.app, 'GET', url, { as: admin })).statusCode).toBe(200)
    expect((await call(t.app, 'GET', url, { as: otherSeller })).statusCode).toBe(403)
    expect((await call(t.app, 'GET', url, { as: buyer })).statusCode).toBe(403)
    const missing = '/api/deals/00000000-0000-4000-8000-000000000000/match-bands'
    expect((await call(t.app, 'GET', missing, { as: seller })).statusCode).toBe(404)
  })
})
