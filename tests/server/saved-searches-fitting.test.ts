import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type Role } from '../../src/contract'
import { savedSearchesFitting } from '../../server/modules/saved-searches/fitting'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createListing, creativeListings } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let seller: Caller

beforeAll(async () => {
  t = await createTestApp()
  seller = await callerWith(t, ['originator'])
})
afterAll(() => t.close())

/** A fresh buyer with one saved search of these filters (their query-string form). */
async function searchOf(filters: Record<string, unknown>, roles: Role[] = ['buyer']) {
  const buyer = await callerWith(t, roles)
  const search = await client(t.app, buyer).ok(endpoints.createSavedSearch, {
    body: { name: 'Search', filters: filters as never },
  })
  return { buyer, search }
}

/** Whether browse shows `dealId` to `buyer` under the same filters. */
async function browseShows(buyer: Caller, filters: Record<string, unknown>, dealId: string) {
  const page = await client(t.app, buyer).ok(endpoints.listDeals, { query: { ...filters, pageSize: 100 } as never })
  return page.items.some((item) => item.id === dealId)
}

const fittingIds = async (dealId: string) => (await savedSearchesFitting(t.db, dealId)).map((search) => search.id)

describe('which saved searches a listing fits', () => {
  it('fits exactly the listings its filters show on /deals', async () => {
    const listing = await createListing(t, seller, { ...creativeListings.SubTo, city: 'Tempe', zipCode: '85281' })
    const cases = [
      { filters: { state: 'AZ', city: 'Tempe', purchaseType: ['SubTo'] }, fits: true },
      { filters: { zipCode: '85281', maxPrice: '300000' }, fits: true },
      { filters: { state: 'AZ', purchaseType: ['SellerFinance'] }, fits: false },
      { filters: { state: 'AZ', minPrice: '260000' }, fits: false },
      { filters: { state: 'AZ', minBeds: '4' }, fits: false },
    ]
    const searches = await Promise.all(cases.map(async ({ filters }) => searchOf(filters)))
    const fitting = await fittingIds(listing.id)
    for (const [index, { filters, fits }] of cases.entries()) {
      const { buyer, search } = searches[index]!
      expect(await browseShows(buyer, filters, listing.id)).toBe(fits)
      expect(fitting.includes(search.id)).toBe(fits)
    }
  })

  it('does not fit a listing of another state', async () => {
    const listing = await createListing(t, seller, { state: 'NV', city: 'Reno', zipCode: '89501' })
    const { search } = await searchOf({ state: 'AZ' })
    expect(await fittingIds(listing.id)).not.toContain(search.id)
  })

  it('respects a hidden address: its street does not find it, as on /deals', async () => {
    const shown = await createListing(t, seller, { streetAddress: '77 Saguaro Lane' })
    const hidden = await createListing(t, seller, { streetAddress: '78 Saguaro Lane', hideAddress: true })
    const { buyer, search } = await searchOf({ q: 'Saguaro' })
    expect(await fittingIds(shown.id)).toContain(search.id)
    expect(await fittingIds(hidden.id)).not.toContain(search.id)
    expect(await browseShows(buyer, { q: 'Saguaro' }, hidden.id)).toBe(false)
  })

  it("never fits the seller's own listing", async () => {
    const { buyer: hybrid, search } = await searchOf({ state: 'AZ' }, ['buyer', 'originator'])
    const own = await createListing(t, hybrid)
    const others = await createListing(t, seller)
    expect(await fittingIds(own.id)).not.toContain(search.id)
    expect(await fittingIds(others.id)).toContain(search.id)
  })
})
