import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DealsMap } from '../../src/contract'
import { deals } from '../../server/db/schema'
import { dealRow, type DealRow } from '../../server/modules/seed/listings-rows'
import { call, callerWith, type Caller } from './accounts-helpers'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let buyer: Caller

/** Web Mercator pixel position at a zoom, as Leaflet draws it. */
function pixel(lat: number, lng: number, zoom: number) {
  const scale = 256 * 2 ** zoom
  const sin = Math.sin((lat * Math.PI) / 180)
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  }
}

// Listings in pairs on both sides of grid-cell borders at several zooms, so that clusters of
// neighbouring cells land a fraction of a pixel apart unless the server keeps them apart.
beforeAll(async () => {
  t = await createTestApp()
  const seller = await callerWith(t, ['originator'], 'seller-spacing@example.com')
  buyer = await callerWith(t, ['buyer'], 'buyer-spacing@example.com')
  const rows: DealRow[] = []
  let n = 0
  for (const zoom of [5, 6, 8]) {
    const cell = 360 / 2 ** (zoom + 2)
    for (let k = 1; k <= 4; k += 1) {
      const border = -100 + k * cell * 3 - ((-100 + k * cell * 3) % cell)
      for (const side of [-0.002, -0.001, 0.001, 0.002]) {
        n += 1
        rows.push(
          dealRow({
            sellerId: seller.id,
            streetAddress: `${n} Border St`,
            city: 'Edge',
            state: 'KS',
            zipCode: String(20000 + n),
            latitude: 38 + zoom * 0.01,
            longitude: border + side,
            dealCategory: n % 2 ? 'cash' : 'creative',
            propertyType: 'single-family',
            purchasePrice: 100_000 + n * 1000,
          }),
        )
      }
    }
  }
  await t.db.insert(deals).values(rows)
})

afterAll(async () => {
  await t.close()
})

describe('GET /api/deals/map spacing', () => {
  it.each([5, 6, 8, 10])('never puts two markers on top of each other at zoom %i', async (zoom) => {
    const response = await call(t.app, 'GET', `/api/deals/map?bbox=-102,36,-96,40&zoom=${zoom}`, { as: buyer })
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json() as DealsMap
    const spots = [...answer.clusters, ...answer.points].map((item) => pixel(item.lat, item.lng, zoom))
    const counted = answer.clusters.reduce((sum, c) => sum + c.count, 0) + answer.points.length
    expect(counted).toBe(answer.total)
    for (let i = 0; i < spots.length; i += 1) {
      for (let j = i + 1; j < spots.length; j += 1) {
        const apart = Math.max(Math.abs(spots[i]!.x - spots[j]!.x), Math.abs(spots[i]!.y - spots[j]!.y))
        expect(apart, `markers ${i} and ${j} at zoom ${zoom}`).toBeGreaterThanOrEqual(60)
      }
    }
  })
})
