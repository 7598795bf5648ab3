import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { clustersIn, buildIndex } from '../../server/modules/map-demo/clustering'
import { generatePoints, US_BOX } from '../../server/modules/map-demo/points'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let admin: Caller
let owner: Caller
let seller: Caller

beforeAll(async () => {
  t = await createTestApp()
  ;[admin, owner, seller] = await Promise.all([
    callerWith(t, ['admin']),
    callerWith(t, ['owner']),
    callerWith(t, ['originator', 'buyer']),
  ])
})
afterAll(() => t.close())

const US = '-125,24,-66,50'
const WORLD = '-180,-85,180,85'

describe('the demo points', () => {
  it('are the same on every run, inside the contiguous US, and a smaller set is the start of a bigger one', () => {
    const small = generatePoints(1000)
    const big = generatePoints(5000)
    expect(generatePoints(1000)).toEqual(small)
    expect(Array.from(big.lat.subarray(0, 1000))).toEqual(Array.from(small.lat))
    for (let i = 0; i < big.count; i++) {
      expect(big.lat[i]).toBeGreaterThanOrEqual(US_BOX.south)
      expect(big.lat[i]).toBeLessThanOrEqual(US_BOX.north)
      expect(big.lng[i]).toBeGreaterThanOrEqual(US_BOX.west)
      expect(big.lng[i]).toBeLessThanOrEqual(US_BOX.east)
    }
  })

  it('cluster at a low zoom and come apart into single points close in', () => {
    const { index } = buildIndex('10000')
    const country = clustersIn(index, { bbox: { west: -125, south: 24, east: -66, north: 50 }, zoom: 4 })
    expect(country.total).toBe(10_000)
    expect(country.clusters.length).toBeGreaterThan(5)
    expect(country.clusters.length).toBeLessThan(200)
    // Every point of a small box, alone, at the deepest zoom.
    const { lat, lng } = generatePoints(10_000)
    const box = { west: -74.1, south: 40.6, east: -73.9, north: 40.8 }
    const inside = lat.filter(
      (value, i) => value >= box.south && value <= box.north && lng[i]! >= box.west && lng[i]! <= box.east,
    )
    const close = clustersIn(index, { bbox: box, zoom: 20 })
    expect(close.clusters).toEqual([])
    const near = (values: Iterable<number>) => Array.from(values, (value) => value.toFixed(9)).sort()
    expect(inside.length).toBeGreaterThan(10)
    expect(near(close.points.map((point) => point.lat))).toEqual(near(inside))
  })
})

describe('GET /api/map-demo/clusters', () => {
  it('answers admins and owners with clusters of the whole set, the time it took, and the build time once', async () => {
    const first = await client(t.app, admin).ok(endpoints.mapDemoClusters, {
      query: { points: '10000', bbox: US, zoom: 4 },
    })
    expect(first.total).toBe(10_000)
    expect(first.clusters.length).toBeGreaterThan(5)
    expect(first.answerMs).toBeGreaterThanOrEqual(0)
    expect(first.buildMs).toEqual(expect.any(Number))

    const again = await client(t.app, owner).ok(endpoints.mapDemoClusters, {
      query: { points: '10000', bbox: WORLD, zoom: 4 },
    })
    expect(again.buildMs).toBeNull()
    expect(again.clusters).toEqual(first.clusters)
  })

  it('refuses other members and visitors', async () => {
    const query = { points: '10000', bbox: US, zoom: 4 } as const
    expect((await client(t.app, seller).send(endpoints.mapDemoClusters, { query })).statusCode).toBe(403)
    expect((await client(t.app).send(endpoints.mapDemoClusters, { query })).statusCode).toBe(401)
  })

  it('says which field is wrong, in the caller language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/map-demo/clusters?points=5&bbox=nope&zoom=4',
      headers: { ...admin.headers, 'accept-language': 'es' },
    })
    expect(response.statusCode).toBe(400)
    const { fields } = response.json() as { fields: Record<string, string> }
    expect(fields.points).toMatch(/10000, 100000, 1000000/)
    expect(fields.bbox).toBeTruthy()
    expect(fields.bbox).not.toMatch(/format is not valid/)
  })
})
