import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { deals } from '../../server/db/schema'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

const DAY = 86_400_000
let t: TestApp
let seller: Caller
let buyer: Caller
let admin: Caller

beforeAll(async () => {
  t = await createTestApp()
  ;[seller, buyer, admin] = await Promise.all([
    callerWith(t, ['originator']),
    callerWith(t, ['buyer']),
    callerWith(t, ['admin']),
  ])
})
afterAll(() => t.close())

const onBrowse = async (id: string) =>
  (await client(t.app, buyer).ok(endpoints.listDeals, { query: { pageSize: 100 } })).items.find((item) => item.id === id)
    ?.staleDays
const onItsPage = async (id: string) =>
  (await client(t.app, buyer).ok(endpoints.getDeal, { params: { id } })).staleDays

// Browse and a listing's page remember the freshness period between requests (it was a statement on each):
// what an admin sets must still show on the very next request of each.
describe('the freshness period browse and a listing page remember', () => {
  it('shows the period an admin sets on the next browse and listing page, after both read the old one', async () => {
    const listing = await createListing(t, seller)
    await t.db
      .update(deals)
      .set({ confirmedAt: new Date(Date.now() - 12 * DAY) })
      .where(eq(deals.id, listing.id))
    const api = client(t.app, admin)
    // Read (and remembered) under the default 30 days: not stale yet.
    expect(await onBrowse(listing.id)).toBeNull()
    expect(await onItsPage(listing.id)).toBeNull()
    await api.ok(endpoints.adminPutListingFreshness, { body: { listingStaleAfterDays: 10, listingCancelAfterDays: 5 } })
    try {
      expect(await onBrowse(listing.id)).toBe(12)
      expect(await onItsPage(listing.id)).toBe(12)
    } finally {
      await api.ok(endpoints.adminPutListingFreshness, {
        body: { listingStaleAfterDays: 30, listingCancelAfterDays: 45 },
      })
    }
    expect(await onItsPage(listing.id)).toBeNull()
  })
})
