import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Deal } from '../../src/contract'
import { call, callerWith, type Caller } from './accounts-helpers'
import { createTestApp, type TestApp } from './helpers'
import { createListing, creativeListings, uniqueListing } from './deals-helpers'

let t: TestApp
let seller: Caller
let otherSeller: Caller

beforeAll(async () => {
  t = await createTestApp()
  ;[seller, otherSeller] = await Promise.all([callerWith(t, ['originator']), callerWith(t, ['originator'])])
})
afterAll(() => t.close())

const post = (as: Caller, body: Record<string, unknown>) => call(t.app, 'POST', '/api/deals', { as, body })

describe('duplicate addresses', () => {
  it('refuses another seller listing the same property under a different spelling', async () => {
    const first = await createListing(t, seller, { streetAddress: '77 Harbor Street', zipCode: '85004' })
    const response = await post(otherSeller, uniqueListing({ streetAddress: '77 harbor st.', zipCode: '85004' }))
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      message: 'This property address is already listed by another user',
      code: 'duplicate_address',
      existingDealId: first.id,
    })
  })

  it('does not link another seller’s listing whose address is hidden, so its street cannot be confirmed', async () => {
    await createListing(t, seller, { streetAddress: '31 Quiet Court', zipCode: '85004', hideAddress: true })
    const response = await post(otherSeller, uniqueListing({ streetAddress: '31 quiet ct', zipCode: '85004' }))
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      message: 'This property address is already listed by another user',
      code: 'duplicate_address',
    })
  })

  it('asks the same seller to confirm a second listing of a property, e.g. a cash and a creative version', async () => {
    const first = await createListing(t, seller, { streetAddress: '8 Twin Lane', zipCode: '85004' })
    const creative = { ...creativeListings.SubTo, streetAddress: '8 twin ln', zipCode: '85004' }
    const asked = await post(seller, creative)
    expect(asked.statusCode).toBe(409)
    expect(asked.json()).toEqual({
      message: 'You already list this property address',
      code: 'own_duplicate_address',
      existingDealId: first.id,
    })
    const confirmed = await call(t.app, 'POST', '/api/deals?sameAddress=confirmed', { as: seller, body: creative })
    expect(confirmed.statusCode).toBe(201)

    // Editing either version without moving it asks nothing; moving another listing onto the address does.
    const again = await call(t.app, 'PUT', `/api/deals/${first.id}`, {
      as: seller,
      body: { ...uniqueListing({ zipCode: '85004' }), streetAddress: '8 Twin Lane', city: 'Tempe' },
    })
    expect(again.statusCode).toBe(200)
    const other = await createListing(t, seller, { zipCode: '85004' })
    const moved = await call(t.app, 'PUT', `/api/deals/${other.id}`, {
      as: seller,
      body: uniqueListing({ streetAddress: '8 Twin Lane', zipCode: '85004' }),
    })
    expect([moved.statusCode, moved.json().code]).toEqual([409, 'own_duplicate_address'])
    const movedConfirmed = await call(t.app, 'PUT', `/api/deals/${other.id}?sameAddress=confirmed`, {
      as: seller,
      body: uniqueListing({ streetAddress: '8 Twin Lane', zipCode: '85004' }),
    })
    expect(movedConfirmed.statusCode).toBe(200)
  })

  it('answers the confirmation question in Spanish for a Spanish caller', async () => {
    await createListing(t, seller, { streetAddress: '3 Spanish Way', zipCode: '85004' })
    const asked = await call(t.app, 'POST', '/api/deals', {
      as: seller,
      body: uniqueListing({ streetAddress: '3 Spanish Way', zipCode: '85004' }),
      headers: { 'accept-language': 'es' },
    })
    expect(asked.json().message).toBe('Ya publicaste la dirección de esta propiedad')
  })

  it('frees the address once the listing is deleted, sold or canceled', async () => {
    const first = await createListing(t, seller, { streetAddress: '5 Released Road', zipCode: '85004' })
    await call(t.app, 'DELETE', `/api/deals/${first.id}`, { as: seller })
    expect(
      (await post(otherSeller, uniqueListing({ streetAddress: '5 Released Rd', zipCode: '85004' }))).statusCode,
    ).toBe(201)
  })

  it('treats the same street in another ZIP as another property', async () => {
    await createListing(t, seller, { streetAddress: '12 Same Street', zipCode: '85004' })
    expect(
      (await post(otherSeller, uniqueListing({ streetAddress: '12 Same Street', zipCode: '85006' }))).statusCode,
    ).toBe(201)
  })

  it('applies on edit too, excluding the listing itself', async () => {
    await createListing(t, seller, { streetAddress: '40 Edit Avenue', zipCode: '85004' })
    const mine = await createListing(t, otherSeller, { zipCode: '85004' })
    const clash = await call(t.app, 'PUT', `/api/deals/${mine.id}`, {
      as: otherSeller,
      body: uniqueListing({ streetAddress: '40 Edit Ave', zipCode: '85004' }),
    })
    expect(clash.statusCode).toBe(409)
    const same = await call(t.app, 'PUT', `/api/deals/${mine.id}`, {
      as: otherSeller,
      body: { ...uniqueListing({ zipCode: '85004' }), streetAddress: mine.streetAddress, city: 'Tempe' },
    })
    expect(same.statusCode).toBe(200)
    expect(same.json<Deal>().city).toBe('Tempe')
  })
})
