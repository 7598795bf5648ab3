import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type OfferInput } from '../../src/contract'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createListing, creativeListings } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let seller: Caller
let buyer: Caller

beforeAll(async () => {
  t = await createTestApp()
  ;[seller, buyer] = await Promise.all([callerWith(t, ['originator']), callerWith(t, ['buyer'])])
})
afterAll(() => t.close())

const VALUE_HEADERS = ['Discount rate (% a year)', 'Cash at close', 'Later payments (present value)', 'Value to the seller']

/** The listing's one offer as the CSV gives it: its value columns by header. */
async function valueColumns(dealId: string, query: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const response = await client(t.app, seller).send(endpoints.exportOffersCsv, {
    params: { id: dealId },
    query,
    headers,
  })
  expect(response.statusCode).toBe(200)
  const [header = [], row = []] = parse(response.body, { bom: true, record_delimiter: '\r\n' }) as string[][]
  return Object.fromEntries(header.map((name, index) => [name, row[index]]))
}

async function listingWithOffer(listing: Record<string, unknown>, offer: Omit<OfferInput, 'closeOfEscrowDate'>) {
  // Each at an address of its own (the helper's listings share one).
  const { streetAddress: _street, ...terms } = listing
  const deal = await createListing(t, seller, terms)
  await client(t.app, buyer).ok(endpoints.submitOffer, {
    params: { id: deal.id },
    body: { ...offer, closeOfEscrowDate: '2099-06-30' } as OfferInput,
  })
  return deal.id
}

const pick = (row: Record<string, string | undefined>, names: string[]) => names.map((name) => row[name])

describe("the offers CSV's value columns", () => {
  it('values a cash offer at its price, nothing later', async () => {
    const id = await listingWithOffer({}, { type: 'cash', purchasePrice: 240_000 })
    expect(pick(await valueColumns(id), VALUE_HEADERS)).toEqual(['8', '240000', '0', '240000'])
  })

  it('values a seller-finance offer at its down payment plus the PV of the note, at 8 % unless the request says', async () => {
    // The note: $40,000 at 6 % maturing past its 30-year amortisation, so 360 payments of 239.82 and no
    // balloon. At 8 % (0.6667 % a month) the annuity factor is (1 − 1.006667^−360) / 0.006667 = 136.2835:
    // 239.82 · 136.2835 = 32,683.54.
    const id = await listingWithOffer(
      { ...creativeListings.SellerFinance, sellerLoanMaturity: '2099-01-01' },
      { type: 'creative', entryFee: 20_000 },
    )
    expect(pick(await valueColumns(id), VALUE_HEADERS)).toEqual(['8', '20000', '32683.54', '52683.54'])
    // At the note's own rate its payments are worth what was lent: 20,000 + 40,000.
    expect(pick(await valueColumns(id, { discountRate: 6 }), VALUE_HEADERS)).toEqual(['6', '20000', '40000', '60000'])
  })

  it('values Subject-To at the entry fee: the buyer takes over the loan, nothing comes later', async () => {
    const id = await listingWithOffer(creativeListings.SubTo, { type: 'creative', entryFee: 15_000 })
    expect(pick(await valueColumns(id), VALUE_HEADERS)).toEqual(['8', '15000', '0', '15000'])
  })

  it('values a lease option at the option fee, the lease payments and the option price (plain sums at 0 %)', async () => {
    // 24 months of $1,900 = 45,600; the option price 300,000 (the fee is not deducted); 10,000 + 345,600.
    const id = await listingWithOffer(creativeListings.LeaseOption, { type: 'creative', entryFee: 10_000 })
    expect(pick(await valueColumns(id, { discountRate: 0 }), VALUE_HEADERS)).toEqual([
      '0',
      '10000',
      '345600',
      '355600',
    ])
  })

  it('says "Unknown" for what a creative offer on a cash listing brings later, in the caller\'s language', async () => {
    const id = await listingWithOffer({}, { type: 'creative', entryFee: 5_000 })
    expect(pick(await valueColumns(id), VALUE_HEADERS)).toEqual(['8', '5000', 'Unknown', 'Unknown'])
    const es = await valueColumns(id, {}, { 'accept-language': 'es' })
    expect(
      pick(es, ['Tasa de descuento (% anual)', 'Efectivo al cierre', 'Pagos posteriores (valor presente)', 'Valor para el vendedor']),
    ).toEqual(['8', '5000', 'Desconocido', 'Desconocido'])
  })

  it('refuses a discount rate outside 0–100 with a field message (400, not 500)', async () => {
    const id = await listingWithOffer({}, { type: 'cash', purchasePrice: 100_000 })
    for (const discountRate of ['-1', '101', 'abc', '1e2']) {
      const response = await client(t.app, seller).send(endpoints.exportOffersCsv, {
        params: { id },
        query: { discountRate } as never,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().fields).toEqual({ discountRate: expect.any(String) })
    }
  })
})
