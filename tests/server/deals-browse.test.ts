import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DealSummary } from '../../src/contract'
import { dealFavorites, dealInterests, dealPhotos, deals } from '../../server/db/schema'
import { dealRow, type DealSeed } from '../../server/modules/seed/listings-rows'
import { call, callerWith, type Caller } from './accounts-helpers'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let seller: Caller
let buyer: Caller
let admin: Caller
const ids: Record<string, string> = {}

const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n))

async function insert(name: string, seed: Omit<DealSeed, 'sellerId'>) {
  const [row] = await t.db
    .insert(deals)
    .values(dealRow({ sellerId: seller.id, ...seed }))
    .returning({ id: deals.id })
  ids[name] = row!.id
}

beforeAll(async () => {
  t = await createTestApp()
  seller = await callerWith(t, ['originator'], 'seller-browse@example.com')
  buyer = await callerWith(t, ['buyer'], 'buyer-browse@example.com')
  admin = await callerWith(t, ['admin'], 'admin-browse@example.com')
  const phoenix = { city: 'Phoenix', state: 'AZ', latitude: 33.45, longitude: -112.07 } as const
  await insert('A', {
    ...phoenix,
    streetAddress: '12 Cactus Rd',
    zipCode: '85008',
    dealCategory: 'cash',
    propertyType: 'single-family',
    purchasePrice: 200_000,
    bedrooms: 3,
    bathrooms: 2,
    tags: ['fix-and-flip'],
    createdAt: day(1),
  })
  await insert('B', {
    ...phoenix,
    latitude: 33.5,
    streetAddress: '77 Secret Lane',
    zipCode: '85016',
    hideAddress: true,
    dealCategory: 'creative',
    purchaseType: 'SubTo',
    propertyType: 'condo',
    purchasePrice: 300_000,
    interestRate: 3.5,
    piti: 1800,
    bedrooms: 2,
    bathrooms: 1,
    createdAt: day(2),
  })
  await insert('C', {
    streetAddress: '5 Lamar Blvd',
    city: 'Austin',
    state: 'TX',
    zipCode: '78702',
    latitude: 30.26,
    longitude: -97.71,
    dealCategory: 'creative',
    purchaseType: 'SellerFinance',
    propertyType: 'multi-2-4',
    purchasePrice: 450_000,
    sellerInterestRate: 6,
    pi: 2500,
    bedrooms: 4,
    bathrooms: 3,
    createdAt: day(3),
  })
  await insert('D', {
    streetAddress: '9 Elm St',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75201',
    latitude: 32.79,
    longitude: -96.8,
    dealCategory: 'creative',
    purchaseType: 'LeaseOption',
    propertyType: 'single-family',
    purchasePrice: 250_000,
    leaseMonthlyPayment: 1900,
    status: 'pending',
    createdAt: day(4),
  })
  await insert('H', {
    streetAddress: '3 Saguaro Way',
    city: 'Tucson',
    state: 'AZ',
    zipCode: '85701',
    latitude: 32.22,
    longitude: -110.97,
    dealCategory: 'cash',
    propertyType: 'manufactured',
    purchasePrice: 120_000,
    dealDescription: 'Corner lot with a private pool and a new roof.',
    createdAt: day(5),
  })
  for (const status of ['sold', 'canceled', 'deleted'] as const) {
    await insert(status, {
      ...phoenix,
      streetAddress: `1 ${status} Ave`,
      zipCode: '85008',
      dealCategory: 'cash',
      propertyType: 'single-family',
      purchasePrice: 210_000,
      status,
      createdAt: day(6),
    })
  }
  await t.db.insert(dealFavorites).values({ userId: buyer.id, dealId: ids.C! })
  await t.db
    .insert(dealInterests)
    .values({ dealId: ids.A!, buyerId: buyer.id, name: 'Jo', phone: '6025550100', message: 'Hi' })
  await t.db.insert(dealPhotos).values([
    {
      dealId: ids.A!,
      position: 1,
      originalKey: 'p/2.webp',
      displayKey: 'p/2.webp',
      thumbKey: 'p/2-t.webp',
      width: 10,
      height: 10,
    },
    {
      dealId: ids.A!,
      position: 0,
      originalKey: 'p/1.webp',
      displayKey: 'p/1.webp',
      thumbKey: 'p/1-t.webp',
      width: 10,
      height: 10,
    },
  ])
})

afterAll(async () => {
  await t.close()
})

type Page = { items: DealSummary[]; total: number; totalIsEstimate: boolean; page: number; pageSize: number }

async function browse(query = '', as: Caller = buyer): Promise<Page> {
  const response = await call(t.app, 'GET', `/api/deals${query ? `?${query}` : ''}`, { as })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Page
}

const names = (page: Page) => page.items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id))

describe('GET /api/deals', () => {
  it('lists what buyers can act on, newest first, without sold, canceled or deleted listings', async () => {
    const page = await browse()
    expect(names(page)).toEqual(['H', 'D', 'C', 'B', 'A'])
    expect(page.total).toBe(5)
    const pending = page.items.find((item) => item.id === ids.D)!
    expect(pending.availability).toBe('no-new-offers')
    expect(page.items.find((item) => item.id === ids.A)!.availability).toBe('available')
  })

  it('asks who is calling', async () => {
    expect((await call(t.app, 'GET', '/api/deals')).statusCode).toBe(401)
  })

  it('refuses a query it does not understand with a 400, not a 500', async () => {
    expect((await call(t.app, 'GET', '/api/deals?sort=cheapest', { as: buyer })).statusCode).toBe(400)
    expect((await call(t.app, 'GET', '/api/deals?bbox=1,2', { as: buyer })).statusCode).toBe(400)
  })

  it.each([
    ['minPrice=0x10', 'minPrice'],
    ['maxPrice=1e6', 'maxPrice'],
    ['minBeds=%203', 'minBeds'],
    ['minBaths=', 'minBaths'],
    ['page=0x2', 'page'],
    ['pageSize=2e1', 'pageSize'],
    ['lat=3.3e1&lng=-112&radiusMiles=30', 'lat'],
    ['bbox=-113,33,-111,0x22', 'bbox'],
  ])('takes numbers only as plain decimals: %s is a 400 naming the field', async (query, field) => {
    const response = await call(t.app, 'GET', `/api/deals?${query}`, { as: buyer })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json<{ fields: Record<string, string> }>().fields)).toEqual([field])
  })

  it('shapes each summary: monthly payment, rate, cover thumbnail, favorites', async () => {
    const byName = Object.fromEntries((await browse()).items.map((item) => [names({ items: [item] } as Page)[0], item]))
    expect(byName.B).toMatchObject({ monthlyPayment: 1800, interestRate: 3.5 })
    expect(byName.C).toMatchObject({ monthlyPayment: 2500, interestRate: 6, isFavorite: true, favoriteCount: 1 })
    expect(byName.D).toMatchObject({ monthlyPayment: 1900, interestRate: null })
    expect(byName.A).toMatchObject({ coverPhotoUrl: '/uploads/p/1-t.webp', isFavorite: false, favoriteCount: 0 })
    expect(byName.A!.tags).toEqual(['fix-and-flip'])
    expect(byName.B!.tags).toEqual(expect.arrayContaining(['low-entry-fee', 'low-interest-rate']))
  })

  it('hides a hidden address from buyers, not from its seller or an admin', async () => {
    const forBuyer = (await browse('zipCode=85016')).items[0]!
    expect(forBuyer).toMatchObject({ streetAddress: null, addressHidden: true, city: 'Phoenix', zipCode: '85016' })
    expect((await browse('zipCode=85016', seller)).items[0]).toMatchObject({ streetAddress: '77 Secret Lane' })
    expect((await browse('zipCode=85016', admin)).items[0]).toMatchObject({ addressHidden: false })
  })

  it('searches address, city, description and ZIP, by word prefixes', async () => {
    expect(names(await browse('q=Tucson'))).toEqual(['H'])
    expect(names(await browse('q=private%20po'))).toEqual(['H'])
    expect(names(await browse('q=cactus'))).toEqual(['A'])
    expect(names(await browse('q=85016'))).toEqual(['B'])
  })

  it('never finds a hidden listing by its street, except for people who may see it', async () => {
    expect(names(await browse('q=Secret'))).toEqual([])
    expect(names(await browse('q=Secret', seller))).toEqual(['B'])
    expect(names(await browse('q=Secret', admin))).toEqual(['B'])
  })

  it.each([
    ['state=tx', ['D', 'C']],
    ['city=phoenix', ['B', 'A']],
    ['zipCode=85008', ['A']],
    ['dealCategory=cash', ['H', 'A']],
    ['purchaseType=SubTo&purchaseType=LeaseOption', ['D', 'B']],
    ['propertyType=condo&propertyType=manufactured', ['H', 'B']],
    ['minPrice=200000&maxPrice=300000', ['D', 'B', 'A']],
    ['minBeds=3', ['C', 'A']],
    ['minBaths=2', ['C', 'A']],
    ['tags=fix-and-flip', ['A']],
    ['tags=low-entry-fee&tags=fix-and-flip', []],
    ['tags=low-entry-fee&tags=low-interest-rate', ['D', 'C', 'B']],
    ['bbox=-113,33,-111,34', ['B', 'A']],
    ['radiusMiles=30&lat=33.45&lng=-112.07', ['B', 'A']],
    ['radiusMiles=150&lat=33.45&lng=-112.07', ['H', 'B', 'A']],
    ['favorites=true', ['C']],
    ['interested=true', ['A']],
  ])('filters by %s', async (query, expected) => {
    expect(names(await browse(query))).toEqual(expected)
  })

  it.each([
    ['oldest', ['A', 'B', 'C', 'D', 'H']],
    ['price-asc', ['H', 'A', 'D', 'B', 'C']],
    ['price-desc', ['C', 'B', 'D', 'A', 'H']],
    ['interest-asc', ['B', 'C']],
    ['interest-desc', ['C', 'B']],
  ])('sorts by %s', async (sort, expected) => {
    const order = names(await browse(`sort=${sort}`))
    // Listings without a rate (cash, lease option) come after the ones with one, either way.
    expect(order.slice(0, expected.length)).toEqual(expected)
    expect(order).toHaveLength(5)
  })

  it('pages through the results and keeps the total', async () => {
    const second = await browse('pageSize=2&page=2')
    expect(names(second)).toEqual(['C', 'B'])
    expect(second).toMatchObject({ total: 5, totalIsEstimate: false, page: 2, pageSize: 2 })
    expect(names(await browse('pageSize=2&page=3'))).toEqual(['A'])
    expect((await browse('pageSize=2&page=4')).items).toEqual([])
  })
})
