import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DealPhoto, DealsExtent, DealsMap, DealSummary } from '../../src/contract'
import { call, callerWith, type Caller } from './accounts-helpers'
import { createListing, uniqueListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

// Browse pages may be remembered for speed (README Decisions); every listing write through the API must
// still show on the very next browse, by anyone. Each test reads the page first (so a remembered copy
// exists), writes, and reads again.

let t: TestApp
let seller: Caller
let buyer: Caller
let otherBuyer: Caller
let png: Buffer

beforeAll(async () => {
  t = await createTestApp()
  seller = await callerWith(t, ['originator'], 'seller-fresh@example.com')
  buyer = await callerWith(t, ['buyer'], 'buyer-fresh@example.com')
  otherBuyer = await callerWith(t, ['buyer'], 'other-buyer-fresh@example.com')
  png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c96' } })
    .png()
    .toBuffer()
})
afterAll(() => t.close())

type Page = { items: DealSummary[]; total: number }

const browse = async (as: Caller, query = 'city=Freshville') => {
  const response = await call(t.app, 'GET', `/api/deals?${query}`, { as })
  expect(response.statusCode).toBe(200)
  return response.json<Page>()
}
const itemOf = async (as: Caller, id: string) => (await browse(as)).items.find((item) => item.id === id)
const listing = (overrides: Record<string, unknown> = {}) =>
  createListing(t, seller, { city: 'Freshville', ...overrides })

function uploadPhoto(dealId: string) {
  const boundary = '----keyway-fresh-boundary'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="house.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return t.app.inject({
    method: 'POST',
    url: `/api/deals/${dealId}/photos`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...seller.headers },
  })
}

describe('browse after a listing write', () => {
  it('shows a new listing at once, with the total counting it', async () => {
    const before = await browse(buyer)
    const created = await listing()
    const after = await browse(buyer)
    expect(after.items[0]?.id).toBe(created.id)
    expect(after.total).toBe(before.total + 1)
  })

  it("shows a seller's edit to everyone at once", async () => {
    const deal = await listing({ purchasePrice: 111_000 })
    expect((await itemOf(buyer, deal.id))?.purchasePrice).toBe(111_000)
    const edited = await call(t.app, 'PUT', `/api/deals/${deal.id}`, {
      as: seller,
      body: { ...uniqueListing({ city: 'Freshville' }), streetAddress: deal.streetAddress, purchasePrice: 123_000 },
    })
    expect(edited.statusCode).toBe(200)
    expect((await itemOf(buyer, deal.id))?.purchasePrice).toBe(123_000)
    expect((await itemOf(otherBuyer, deal.id))?.purchasePrice).toBe(123_000)
  })

  it('shows a status change at once (pending, then gone when sold)', async () => {
    const deal = await listing()
    expect((await itemOf(buyer, deal.id))?.availability).toBe('available')
    const pending = await call(t.app, 'POST', `/api/deals/${deal.id}/status`, {
      as: seller,
      body: { status: 'pending', onPlatform: true },
    })
    expect(pending.statusCode).toBe(200)
    expect((await itemOf(buyer, deal.id))?.availability).toBe('no-new-offers')
    const sold = await call(t.app, 'POST', `/api/deals/${deal.id}/status`, {
      as: seller,
      body: { status: 'sold', onPlatform: true },
    })
    expect(sold.statusCode).toBe(200)
    expect(await itemOf(buyer, deal.id)).toBeUndefined()
  })

  it('drops a deleted listing at once', async () => {
    const deal = await listing()
    const before = await browse(otherBuyer)
    expect(before.items.some((item) => item.id === deal.id)).toBe(true)
    const removed = await call(t.app, 'DELETE', `/api/deals/${deal.id}`, { as: seller })
    expect(removed.statusCode).toBe(200)
    const after = await browse(otherBuyer)
    expect(after.items.some((item) => item.id === deal.id)).toBe(false)
    expect(after.total).toBe(before.total - 1)
  })

  it("shows a favorite at once: the buyer's heart and everyone's count", async () => {
    const deal = await listing()
    expect(await itemOf(buyer, deal.id)).toMatchObject({ isFavorite: false, favoriteCount: 0 })
    expect(await itemOf(otherBuyer, deal.id)).toMatchObject({ isFavorite: false, favoriteCount: 0 })
    expect((await call(t.app, 'PUT', `/api/deals/${deal.id}/favorite`, { as: buyer })).statusCode).toBe(200)
    expect(await itemOf(buyer, deal.id)).toMatchObject({ isFavorite: true, favoriteCount: 1 })
    expect(await itemOf(otherBuyer, deal.id)).toMatchObject({ isFavorite: false, favoriteCount: 1 })
    expect((await call(t.app, 'DELETE', `/api/deals/${deal.id}/favorite`, { as: buyer })).statusCode).toBe(200)
    expect(await itemOf(buyer, deal.id)).toMatchObject({ isFavorite: false, favoriteCount: 0 })
  })

  it('shows a cover photo added, reordered and removed at once', async () => {
    const deal = await listing()
    expect((await itemOf(buyer, deal.id))?.coverPhotoUrl).toBeNull()
    expect((await uploadPhoto(deal.id)).statusCode).toBe(200)
    const second = await uploadPhoto(deal.id)
    expect(second.statusCode).toBe(200)
    const [first, last] = second.json<DealPhoto[]>()
    expect((await itemOf(buyer, deal.id))?.coverPhotoUrl).toBe(first!.thumbUrl)
    const ordered = await call(t.app, 'PUT', `/api/deals/${deal.id}/photos/order`, {
      as: seller,
      body: { photoIds: [last!.id, first!.id] },
    })
    expect(ordered.statusCode).toBe(200)
    expect((await itemOf(buyer, deal.id))?.coverPhotoUrl).toBe(last!.thumbUrl)
    for (const photo of [first!, last!]) {
      const removed = await call(t.app, 'DELETE', `/api/deals/${deal.id}/photos/${photo.id}`, { as: seller })
      expect(removed.statusCode).toBe(200)
    }
    expect((await itemOf(buyer, deal.id))?.coverPhotoUrl).toBeNull()
  })

  it("hides a hidden street from buyers even right after its seller's own browse", async () => {
    const deal = await listing({ hideAddress: true })
    expect((await itemOf(seller, deal.id))?.streetAddress).toBe(deal.streetAddress)
    expect(await itemOf(buyer, deal.id)).toMatchObject({ streetAddress: null, addressHidden: true })
  })
})

describe('map and extent after a listing write', () => {
  // Freshville's listings all sit at the centre of ZIP 85001 (Phoenix): one viewport around it, zoomed far in.
  const viewport = 'city=Freshville&bbox=-112.2,33.3,-111.9,33.6&zoom=18'
  const map = async (as: Caller) => {
    const response = await call(t.app, 'GET', `/api/deals/map?${viewport}`, { as })
    expect(response.statusCode).toBe(200)
    return response.json<DealsMap>()
  }
  const extent = async (as: Caller) => {
    const response = await call(t.app, 'GET', '/api/deals/map/extent?city=Freshville', { as })
    expect(response.statusCode).toBe(200)
    return response.json<DealsExtent>()
  }

  it('counts a new listing and forgets a sold one at once, on the map and in the extent', async () => {
    const [mapBefore, extentBefore] = [await map(buyer), await extent(buyer)]
    const deal = await listing()
    expect((await map(otherBuyer)).total).toBe(mapBefore.total + 1)
    expect((await extent(otherBuyer)).total).toBe(extentBefore.total + 1)
    const sold = await call(t.app, 'POST', `/api/deals/${deal.id}/status`, {
      as: seller,
      body: { status: 'sold', onPlatform: true },
    })
    expect(sold.statusCode).toBe(200)
    expect((await map(buyer)).total).toBe(mapBefore.total)
    expect((await extent(buyer)).total).toBe(extentBefore.total)
  })

  it("hides a hidden street on the map from buyers even right after its seller's own look", async () => {
    // Its own ZIP, so it is a point of its own rather than part of Freshville's cluster.
    const deal = await listing({ hideAddress: true, zipCode: '85004' })
    const pointIn = (answer: DealsMap) => answer.points.find((point) => point.id === deal.id)
    expect(pointIn(await map(seller))?.streetAddress).toBe(deal.streetAddress)
    expect(pointIn(await map(buyer))).toMatchObject({ streetAddress: null, addressHidden: true })
  })
})
