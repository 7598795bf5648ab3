import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LISTING_STATUSES, STATUS_TRANSITIONS, type Deal } from '../../src/contract'
import { call, callerWith, type Caller } from './accounts-helpers'
import { createTestApp, type TestApp } from './helpers'
import { createListing, setDealStatus, uniqueListing } from './deals-helpers'

let t: TestApp
let seller: Caller
let otherSeller: Caller
let buyer: Caller
let admin: Caller
let owner: Caller

beforeAll(async () => {
  t = await createTestApp()
  ;[seller, otherSeller, buyer, admin, owner] = await Promise.all([
    callerWith(t, ['originator']),
    callerWith(t, ['originator']),
    callerWith(t, ['buyer']),
    callerWith(t, ['admin']),
    callerWith(t, ['owner']),
  ])
})
afterAll(() => t.close())

type Settable = Exclude<Deal['status'], 'deleted'>
const statuses = LISTING_STATUSES.filter((status): status is Settable => status !== 'deleted')

const changeStatus = (as: Caller, id: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', `/api/deals/${id}/status`, { as, body })
const bodyFor = (status: Settable) => ({
  status,
  onPlatform: true,
  ...(status === 'canceled' && { reason: 'Seller changed plans' }),
})

describe('status transitions (every pair)', () => {
  const pairs = statuses.flatMap((from) => statuses.map((to) => [from, to] as const))

  it.each(pairs)('%s → %s', async (from, to) => {
    const deal = await createListing(t, seller)
    await setDealStatus(t, deal.id, from)
    const response = await changeStatus(seller, deal.id, bodyFor(to))
    if (STATUS_TRANSITIONS[from].includes(to)) {
      expect(response.statusCode).toBe(200)
      expect(response.json<Deal>().status).toBe(to)
    } else {
      expect(response.statusCode).toBe(409)
      expect(response.json()).toEqual({ message: 'This status change is not allowed', code: 'status_not_allowed' })
    }
  })

  it('never lets a sold listing change again', () => {
    expect(STATUS_TRANSITIONS.sold).toEqual([])
  })

  it('says so in Spanish to a Spanish caller', async () => {
    const deal = await createListing(t, seller)
    await setDealStatus(t, deal.id, 'sold')
    const response = await call(t.app, 'POST', `/api/deals/${deal.id}/status`, {
      as: seller,
      body: bodyFor('active'),
      headers: { 'accept-language': 'es' },
    })
    expect(response.json()).toMatchObject({ message: 'Este cambio de estado no está permitido' })
  })
})

describe('status history', () => {
  it('records source, comments and reason of every change', async () => {
    const deal = await createListing(t, seller)
    await changeStatus(seller, deal.id, { status: 'pending', onPlatform: true, comments: 'Offer accepted' })
    await changeStatus(seller, deal.id, { status: 'canceled', onPlatform: false, reason: 'Buyer walked away' })
    const response = await call(t.app, 'GET', `/api/deals/${deal.id}/status-history`, { as: seller })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      expect.objectContaining({ status: 'active', source: 'system', comments: null, reason: null }),
      expect.objectContaining({ status: 'pending', source: 'platform', comments: 'Offer accepted' }),
      expect.objectContaining({ status: 'canceled', source: 'off-platform', reason: 'Buyer walked away' }),
    ])
  })

  it("shows other members a listing's statuses and dates, but not the seller's comments and reasons", async () => {
    const deal = await createListing(t, seller)
    await changeStatus(seller, deal.id, { status: 'pending', onPlatform: true, comments: 'Offer from Jo accepted' })
    await changeStatus(seller, deal.id, { status: 'canceled', onPlatform: false, reason: 'Jo lost financing' })
    const historyAs = async (as: Caller) =>
      (await call(t.app, 'GET', `/api/deals/${deal.id}`, { as })).json<Deal>().statusHistory
    const managed = [
      expect.objectContaining({ status: 'active', comments: null, reason: null }),
      expect.objectContaining({ status: 'pending', source: 'platform', comments: 'Offer from Jo accepted' }),
      expect.objectContaining({ status: 'canceled', source: 'off-platform', reason: 'Jo lost financing' }),
    ]
    expect(await historyAs(seller)).toEqual(managed)
    expect(await historyAs(admin)).toEqual(managed)
    for (const stranger of [buyer, otherSeller]) {
      expect(await historyAs(stranger)).toEqual([
        expect.objectContaining({ status: 'active', source: 'system', comments: null, reason: null }),
        expect.objectContaining({ status: 'pending', source: 'platform', comments: null, reason: null }),
        expect.objectContaining({ status: 'canceled', source: 'off-platform', comments: null, reason: null }),
      ])
    }
  })

  it('requires a reason to cancel and whether it happened on the platform', async () => {
    const deal = await createListing(t, seller)
    const noReason = await changeStatus(seller, deal.id, { status: 'canceled', onPlatform: true })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json()).toMatchObject({ fields: { reason: 'Give a reason for canceling.' } })
    const noAnswer = await changeStatus(seller, deal.id, { status: 'sold' })
    expect(noAnswer.statusCode).toBe(400)
    expect(noAnswer.json()).toMatchObject({ fields: { onPlatform: 'This field is required.' } })
  })

  it('cannot set deleted through a status change', async () => {
    const deal = await createListing(t, seller)
    expect((await changeStatus(seller, deal.id, { status: 'deleted', onPlatform: true })).statusCode).toBe(400)
  })
})

describe('ownership', () => {
  it('lets nobody else edit, re-status, delete or read the interests of a listing', async () => {
    const deal = await createListing(t, seller)
    for (const stranger of [otherSeller, buyer]) {
      const edit = await call(t.app, 'PUT', `/api/deals/${deal.id}`, { as: stranger, body: uniqueListing() })
      expect(edit.statusCode).toBe(403)
      // Refused before the body is read: a stranger learns nothing about what a valid change looks like.
      expect((await call(t.app, 'PUT', `/api/deals/${deal.id}`, { as: stranger, body: {} })).statusCode).toBe(403)
      expect((await changeStatus(stranger, deal.id, bodyFor('pending'))).statusCode).toBe(403)
      expect((await call(t.app, 'DELETE', `/api/deals/${deal.id}`, { as: stranger })).statusCode).toBe(403)
      expect((await call(t.app, 'GET', `/api/deals/${deal.id}/interests`, { as: stranger })).statusCode).toBe(403)
    }
    const after = (await call(t.app, 'GET', `/api/deals/${deal.id}`, { as: seller })).json<Deal>()
    expect(after).toMatchObject({ status: 'active', streetAddress: deal.streetAddress })
  })

  it.each([
    ['admin', () => admin],
    ['owner', () => owner],
  ])('lets an %s edit and re-status anyone’s listing', async (_, who) => {
    const deal = await createListing(t, seller)
    const edit = await call(t.app, 'PUT', `/api/deals/${deal.id}`, {
      as: who(),
      body: { ...uniqueListing(), streetAddress: deal.streetAddress, purchasePrice: 199000 },
    })
    expect(edit.statusCode).toBe(200)
    expect(edit.json<Deal>()).toMatchObject({ purchasePrice: 199000, listedBy: { id: seller.id }, isOwner: false })
    expect((await changeStatus(who(), deal.id, bodyFor('pending'))).statusCode).toBe(200)
  })

  it('lets only the seller reactivate a canceled listing, not an admin or owner', async () => {
    const deal = await createListing(t, seller)
    await changeStatus(seller, deal.id, bodyFor('canceled'))
    for (const privileged of [admin, owner]) {
      const response = await changeStatus(privileged, deal.id, bodyFor('active'))
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ code: 'status_not_allowed' })
    }
    expect((await changeStatus(seller, deal.id, bodyFor('active'))).statusCode).toBe(200)
  })
})

describe('soft delete', () => {
  it('hides the listing from everyone, its seller included, while keeping its history', async () => {
    const deal = await createListing(t, seller)
    const removed = await call(t.app, 'DELETE', `/api/deals/${deal.id}`, { as: seller })
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toEqual({ deleted: true })
    for (const viewer of [seller, buyer, admin]) {
      const response = await call(t.app, 'GET', `/api/deals/${deal.id}`, { as: viewer })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ message: 'Listing not found' })
    }
    expect((await call(t.app, 'DELETE', `/api/deals/${deal.id}`, { as: seller })).statusCode).toBe(404)
    expect((await changeStatus(seller, deal.id, bodyFor('active'))).statusCode).toBe(404)
    expect((await call(t.app, 'PUT', `/api/deals/${deal.id}/favorite`, { as: buyer })).statusCode).toBe(404)

    const mine = (await call(t.app, 'GET', '/api/deals/mine?pageSize=100', { as: seller })).json<{
      items: { id: string }[]
    }>()
    expect(mine.items.map((item) => item.id)).not.toContain(deal.id)
    const browse = (await call(t.app, 'GET', '/api/deals?pageSize=100', { as: buyer })).json<{
      items: { id: string }[]
    }>()
    expect(browse.items.map((item) => item.id)).not.toContain(deal.id)
  })

  it('keeps sold and canceled listings readable by link as no longer available', async () => {
    const deal = await createListing(t, seller)
    await changeStatus(seller, deal.id, bodyFor('sold'))
    const seen = (await call(t.app, 'GET', `/api/deals/${deal.id}`, { as: buyer })).json<Deal>()
    expect(seen).toMatchObject({ status: 'sold', availability: 'unavailable' })
  })

  it('marks a pending listing as taking no new offers', async () => {
    const deal = await createListing(t, seller)
    await changeStatus(seller, deal.id, bodyFor('pending'))
    const seen = (await call(t.app, 'GET', `/api/deals/${deal.id}`, { as: buyer })).json<Deal>()
    expect(seen.availability).toBe('no-new-offers')
  })
})
