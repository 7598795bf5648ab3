import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Deal, StatusHistoryEntry } from '../../src/contract'
import { call, callerWith, type Caller } from './accounts-helpers'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

// A listing's page reads its photos, history, favorites and the viewer's interest in one statement;
// these check that it answers what the dedicated endpoints answer.

let t: TestApp
let seller: Caller
let buyer: Caller

beforeAll(async () => {
  t = await createTestApp()
  seller = await callerWith(t, ['originator'], 'seller-detail@example.com')
  buyer = await callerWith(t, ['buyer'], 'buyer-detail@example.com')
})
afterAll(() => t.close())

const detail = async (as: Caller, id: string) => {
  const response = await call(t.app, 'GET', `/api/deals/${id}`, { as })
  expect(response.statusCode).toBe(200)
  return response.json<Deal>()
}

describe('a listing as GET /api/deals/:id answers it', () => {
  it('carries the status history the history endpoint answers, in its order and with its dates', async () => {
    const deal = await createListing(t, seller, { initialStatus: 'exclusive' })
    for (const status of ['active', 'pending', 'active'] as const) {
      const changed = await call(t.app, 'POST', `/api/deals/${deal.id}/status`, {
        as: seller,
        body: { status, onPlatform: true, comments: `now ${status}` },
      })
      expect(changed.statusCode).toBe(200)
    }
    const history = await call(t.app, 'GET', `/api/deals/${deal.id}/status-history`, { as: seller })
    expect(history.statusCode).toBe(200)
    const entries = history.json<StatusHistoryEntry[]>()
    expect(entries.map((entry) => entry.status)).toEqual(['exclusive', 'active', 'pending', 'active'])
    expect((await detail(seller, deal.id)).statusHistory).toEqual(entries)
  })

  it("shows the viewer's own favorite and interest, and nobody else's", async () => {
    const deal = await createListing(t, seller)
    expect(await detail(buyer, deal.id)).toMatchObject({
      isFavorite: false,
      favoriteCount: 0,
      hasExpressedInterest: false,
      myInterest: null,
      photos: [],
    })
    await call(t.app, 'PUT', `/api/deals/${deal.id}/favorite`, { as: buyer })
    const interest = { name: 'Bea Buyer', phone: '6025550123', message: 'Still available?' }
    const told = await call(t.app, 'POST', `/api/deals/${deal.id}/interest`, { as: buyer, body: interest })
    expect(told.statusCode).toBe(200)
    expect(await detail(buyer, deal.id)).toMatchObject({
      isFavorite: true,
      favoriteCount: 1,
      hasExpressedInterest: true,
      myInterest: interest,
    })
    expect(await detail(seller, deal.id)).toMatchObject({
      isFavorite: false,
      favoriteCount: 1,
      hasExpressedInterest: false,
      myInterest: null,
    })
  })
})
