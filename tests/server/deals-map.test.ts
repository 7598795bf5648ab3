import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DealsExtent, DealsMap } from '../../src/contract'
import { deals } from '../../server/db/schema'
import { dealRow, type DealRow } from '../../server/modules/seed/listings-rows'
import { call, callerWith, type Caller } from './accounts-helpers'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let buyer: Caller

/** 1,200 listings on a 40 × 30 grid over the continental US, a few without coordinates or not visible. */
beforeAll(async () => {
  t = await createTestApp()
  const seller = await callerWith(t, ['originator'], 'seller-map@example.com')
  buyer = await callerWith(t, ['buyer'], 'buyer-map@example.com')
  const rows: DealRow[] = []
  for (let x = 0; x < 40; x += 1) {
    for (let y = 0; y < 30; y += 1) {
      rows.push(
        dealRow({
          sellerId: seller.id,
          streetAddress: `${x * 100 + y} Grid St`,
          city: 'Gridville',
          state: 'KS',
          zipCode: String(10000 + x * 100 + y),
          latitude: 26 + y * 0.7,
          longitude: -122 + x * 1.2,
          dealCategory: x % 2 === 0 ? 'cash' : 'creative',
          propertyType: 'single-family',
          purchasePrice: 100_000 + x * 1000,
          // One seller hides the street of the south-west corner's listing.
          hideAddress: x === 0 && y === 0,
        }),
      )
    }
  }
  const base = {
    sellerId: seller.id,
    city: 'Nowhere',
    state: 'KS',
    dealCategory: 'cash',
    propertyType: 'condo',
  } as const
  rows.push(
    dealRow({ ...base, streetAddress: '1 No Geo Rd', zipCode: '99990', latitude: null, longitude: null }),
    dealRow({ ...base, streetAddress: '2 Sold Rd', zipCode: '99991', latitude: 40, longitude: -100, status: 'sold' }),
  )
  for (let index = 0; index < rows.length; index += 500) await t.db.insert(deals).values(rows.slice(index, index + 500))
})

afterAll(async () => {
  await t.close()
})

async function map(query: string): Promise<DealsMap> {
  const response = await call(t.app, 'GET', `/api/deals/map?${query}`, { as: buyer })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as DealsMap
}

const items = (answer: DealsMap) => answer.clusters.length + answer.points.length
const counted = (answer: DealsMap) => answer.clusters.reduce((sum, c) => sum + c.count, 0) + answer.points.length

describe('GET /api/deals/map', () => {
  it('clusters the whole country into a few hundred items whose counts add up to every visible listing', async () => {
    const answer = await map('bbox=-125,24,-66,50&zoom=4')
    expect(answer.total).toBe(1200)
    expect(counted(answer)).toBe(1200)
    expect(items(answer)).toBeLessThanOrEqual(500)
    expect(answer.clusters.length).toBeGreaterThan(0)
  })

  it('stays under about 500 items even when a huge viewport comes with a street-level zoom', async () => {
    const answer = await map('bbox=-180,-85,180,85&zoom=18')
    expect(items(answer)).toBeLessThanOrEqual(500)
    expect(counted(answer)).toBe(1200)
  })

  it('answers single listings as points with what the marker needs at a close zoom', async () => {
    const answer = await map('bbox=-122.1,25.9,-120.7,27.5&zoom=12')
    expect(answer.clusters).toEqual([])
    expect(answer.points).toHaveLength(6)
    const shown = answer.points.find((point) => point.lat !== 26)
    expect(shown).toEqual({
      id: expect.any(String),
      lat: expect.any(Number),
      lng: expect.any(Number),
      price: expect.any(Number),
      dealCategory: expect.stringMatching(/cash|creative/),
      status: 'active',
      streetAddress: expect.stringMatching(/^\d+ Grid St$/),
      addressHidden: false,
      city: 'Gridville',
      state: 'KS',
      zipCode: expect.stringMatching(/^\d{5}$/),
    })
  })

  it("gives a hidden address's city, state and ZIP but not its street", async () => {
    const answer = await map('bbox=-122.1,25.9,-120.7,27.5&zoom=12')
    expect(answer.points.find((point) => point.lat === 26)).toMatchObject({
      streetAddress: null,
      addressHidden: true,
      city: 'Gridville',
      state: 'KS',
      zipCode: '10000',
    })
  })

  it('applies the browse filters and the viewport', async () => {
    const cash = await map('bbox=-125,24,-66,50&zoom=4&dealCategory=cash')
    expect(cash.total).toBe(600)
    const pricey = await map('bbox=-125,24,-66,50&zoom=4&minPrice=130000')
    expect(pricey.total).toBe(10 * 30)
    const west = await map('bbox=-122.5,24,-116.5,50&zoom=5')
    expect(west.total).toBe(5 * 30)
  })

  it('requires a viewport and a zoom', async () => {
    expect((await call(t.app, 'GET', '/api/deals/map?zoom=4', { as: buyer })).statusCode).toBe(400)
    expect((await call(t.app, 'GET', '/api/deals/map?bbox=-125,24,-66,50', { as: buyer })).statusCode).toBe(400)
    expect((await call(t.app, 'GET', '/api/deals/map?bbox=-125,24,-66,50&zoom=4')).statusCode).toBe(401)
  })
})

describe('GET /api/deals/map/extent', () => {
  async function extent(query: string): Promise<DealsExtent> {
    const response = await call(t.app, 'GET', `/api/deals/map/extent?${query}`, { as: buyer })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as DealsExtent
  }

  it('answers the box around every visible match with coordinates, so the map can fit the results', async () => {
    expect(await extent('')).toEqual({
      total: 1200,
      bbox: { west: -122, south: 26, east: expect.closeTo(-75.2, 6), north: expect.closeTo(46.3, 6) },
    })
  })

  it('follows the browse filters, and has no box when nothing matches', async () => {
    const pricey = await extent('minPrice=130000')
    expect(pricey.total).toBe(10 * 30)
    expect(pricey.bbox?.west).toBeCloseTo(-86, 6)
    expect(pricey.bbox?.east).toBeCloseTo(-75.2, 6)
    expect(await extent('state=TX')).toEqual({ total: 0, bbox: null })
  })

  it('checks who asks and what they send', async () => {
    expect((await call(t.app, 'GET', '/api/deals/map/extent')).statusCode).toBe(401)
    const bad = await call(t.app, 'GET', '/api/deals/map/extent?minPrice=-5', { as: buyer })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ message: expect.any(String) })
  })
})
