import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DealSummary } from '../../src/contract'
import { call, callerWith, type Caller } from './accounts-helpers'
import { cashListing, createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

/*
 * Issue 25, browse scored fast: the buyer's criteria and the page's listings are remembered between pages,
 * never past a change. A buyer who saves a new buy box, or a seller who edits the listing, sees the new
 * score on the next page.
 */

let t: TestApp
let seller: Caller
let buyer: Caller

beforeAll(async () => {
  t = await createTestApp()
  seller = await callerWith(t, ['originator'], 'seller-remembered@example.com')
  buyer = await callerWith(t, ['buyer'], 'buyer-remembered@example.com')
}, 60_000)
afterAll(() => t.close())

type Page = { items: DealSummary[]; matching: string }
async function priceReasonOf(dealId: string) {
  const page = (await call(t.app, 'GET', '/api/deals?zipCode=85033', { as: buyer })).json<Page>()
  const card = page.items.find((item) => item.id === dealId)!
  return { score: card.match!.score, price: card.match!.reasons.find((reason) => reason.code === 'price')?.outcome }
}

const saveBuyBox = async (maxPrice: number) =>
  expect(
    (await call(t.app, 'PUT', '/api/profile/buybox', { as: buyer, body: { type: 'cash', zipCodes: ['85033'], maxPrice } }))
      .statusCode,
  ).toBe(200)

describe('a scored browse page', () => {
  it('follows a new buy box and an edited listing at once', async () => {
    await saveBuyBox(300_000)
    const deal = await createListing(t, seller, { zipCode: '85033', purchasePrice: 250_000 })
    expect(await priceReasonOf(deal.id)).toEqual({ score: 100, price: 'match' })
    expect(await priceReasonOf(deal.id)).toEqual({ score: 100, price: 'match' })

    await saveBuyBox(200_000)
    const lower = await priceReasonOf(deal.id)
    expect(lower.price).toBe('miss')
    expect(lower.score).toBeLessThan(100)

    const edited = await call(t.app, 'PUT', `/api/deals/${deal.id}`, {
      as: seller,
      body: { ...cashListing, streetAddress: deal.streetAddress, zipCode: '85033', purchasePrice: 190_000 },
    })
    expect(edited.statusCode).toBe(200)
    expect(await priceReasonOf(deal.id)).toEqual({ score: 100, price: 'match' })
  }, 60_000)
})
