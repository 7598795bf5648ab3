import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BuyBoxSchema, endpoints, PreferencesSchema, type DealFormValues } from '../../src/contract'
import { putDocument } from '../../server/modules/profile/documents'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createListing, uniqueListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

// "Best match" remembers what it scores of each listing (server/modules/deals/best-match-listings.ts): a
// listing its seller edits must be scored on its new terms by the very next request.
let t: TestApp
let seller: Caller
let buyer: Caller

beforeAll(async () => {
  t = await createTestApp()
  seller = await callerWith(t, ['originator'])
  buyer = await callerWith(t, ['buyer'])
  await putDocument(
    t.db,
    'buyBox',
    buyer.id,
    BuyBoxSchema.parse({ type: 'cash', zipCodes: ['85001'], maxPrice: 260_000 }),
  )
  await putDocument(t.db, 'preferences', buyer.id, PreferencesSchema.parse({ state: 'AZ', city: 'Phoenix' }))
})
afterAll(() => t.close())

const bestMatch = async () =>
  (await client(t.app, buyer).ok(endpoints.listDeals, { query: { sort: 'best-match' } })).items.map((item) => ({
    id: item.id,
    score: item.match!.score,
  }))

describe('best match after a seller edits a listing', () => {
  it('scores the listing on its new price at once', async () => {
    const fits = await createListing(t, seller, { purchasePrice: 250_000 })
    const body = uniqueListing({ purchasePrice: 900_000 })
    const tooDear = await createListing(t, seller, body)
    const before = await bestMatch()
    expect(before.map((item) => item.id)).toEqual([fits.id, tooDear.id])

    await client(t.app, seller).ok(endpoints.updateDeal, {
      params: { id: tooDear.id },
      body: { ...body, purchasePrice: 200_000 } as DealFormValues,
    })
    const after = await bestMatch()
    const edited = after.find((item) => item.id === tooDear.id)!
    expect(edited.score).toBeGreaterThan(before.find((item) => item.id === tooDear.id)!.score)
    expect(edited.score).toBe(after.find((item) => item.id === fits.id)!.score)
  })
})
