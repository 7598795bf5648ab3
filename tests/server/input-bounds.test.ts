import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers'
import { call, callerWith, type Caller } from './accounts-helpers'
import { cashListing, creativeListings } from './deals-helpers'

describe('numbers and links in the contract are strict and bounded', () => {
  let t: TestApp
  let seller: Caller
  let buyer: Caller
  beforeAll(async () => {
    t = await createTestApp()
    seller = await callerWith(t, ['originator'])
    buyer = await callerWith(t, ['buyer'])
  })
  afterAll(() => t.close())

  let street = 0
  const list = (changes: Record<string, unknown>, base: Record<string, unknown> = cashListing) =>
    call(t.app, 'POST', '/api/deals', {
      as: seller,
      body: { ...base, streetAddress: `${(street += 1)} Bounds Road`, ...changes },
    })
  const fieldsOf = async (changes: Record<string, unknown>, base?: Record<string, unknown>) => {
    const res = await list(changes, base)
    expect(res.statusCode).toBe(400)
    return (res.json() as { fields: Record<string, string> }).fields
  }

  it('refuses text, booleans and hexadecimal where a listing takes numbers', async () => {
    expect(await fieldsOf({ bedrooms: true, purchasePrice: '0x10', bathrooms: '2' })).toEqual({
      bedrooms: 'Expected a valid number',
      purchasePrice: 'Expected a valid number',
      bathrooms: 'Expected a valid number',
    })
  })

  it('refuses absurd sizes: 1e308 prices, fractional bedrooms, odd bathrooms, future years', async () => {
    const nextYear = new Date().getFullYear() + 1
    expect(
      await fieldsOf({
        purchasePrice: 1e308,
        bedrooms: 0.1,
        bathrooms: 2.3,
        squareFootage: 1500.5,
        yearBuilt: nextYear + 1,
        hoaMonthlyFee: 12.345,
      }),
    ).toEqual({
      purchasePrice: 'Must be at most 100000000.',
      bedrooms: 'Expected a whole number',
      bathrooms: 'Use a whole or half number, such as 2 or 2.5.',
      squareFootage: 'Expected a whole number',
      yearBuilt: 'Year built cannot be later than next year.',
      hoaMonthlyFee: 'Use at most 2 decimal places.',
    })
    expect(await fieldsOf({ interestRate: 100.5, sellerInterestRate: 3.1255 }, creativeListings.Hybrid)).toEqual({
      interestRate: 'Must be at most 100.',
      sellerInterestRate: 'Use at most 3 decimal places.',
    })
  })

  it('answers the limits in Spanish too', async () => {
    const res = await call(t.app, 'POST', '/api/deals', {
      as: seller,
      headers: { 'accept-language': 'es' },
      body: { ...cashListing, bathrooms: 1.2, bedrooms: 'tres' },
    })
    expect(res.json().fields).toEqual({
      bathrooms: 'Usa un número entero o con medio, como 2 o 2.5.',
      bedrooms: 'Se esperaba un número válido',
    })
  })

  it('names the choices of a listing by their labels, never their codes', async () => {
    expect((await fieldsOf({ propertyType: 'castle' })).propertyType).toBe(
      'Choose one of: Single family, Condo, 2-4 unit, Manufactured.',
    )
    const res = await call(t.app, 'POST', '/api/deals', {
      as: seller,
      headers: { 'accept-language': 'es' },
      body: { ...cashListing, dealCategory: 'barter' },
    })
    expect(res.json().fields.dealCategory).toBe('Elige una de estas opciones: De contado, Creativa.')
  })

  it('keeps taking what a real listing holds: cents, half baths, 3-decimal rates, this year', async () => {
    const res = await list(
      {
        purchasePrice: 100_000_000,
        bathrooms: 2.5,
        hoaMonthlyFee: 85.5,
        yearBuilt: new Date().getFullYear() + 1,
        interestRate: 3.125,
      },
      creativeListings.SubTo,
    )
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ purchasePrice: 100_000_000, bathrooms: 2.5, interestRate: 3.125 })
  })

  it('caps the booking link and refuses text numbers in preferences', async () => {
    const profile = { firstName: 'Pat', lastName: 'Doe', phoneNumber: '6025550100' }
    const long = await call(t.app, 'PATCH', '/api/profile', {
      as: buyer,
      body: { ...profile, callBookingLink: `https://cal.test/${'a'.repeat(5000)}` },
    })
    expect(long.statusCode).toBe(400)
    expect(long.json().fields).toEqual({ callBookingLink: 'Links can be at most 2,048 characters long.' })
    const fine = await call(t.app, 'PATCH', '/api/profile', {
      as: buyer,
      body: { ...profile, callBookingLink: 'https://cal.test/pat' },
    })
    expect(fine.statusCode).toBe(200)

    const preferences = { state: 'AZ', city: 'Phoenix' }
    const text = await call(t.app, 'PUT', '/api/profile/preferences', {
      as: buyer,
      body: { ...preferences, minBedrooms: true, maxDownPayment: 1e308 },
    })
    expect(text.statusCode).toBe(400)
    expect(text.json().fields).toEqual({
      minBedrooms: 'Expected a valid number',
      maxDownPayment: 'Must be at most 100000000.',
    })
  })
  it('refuses hexadecimal, exponents and blanks in page numbers and limits of a query string', async () => {
    for (const path of [
      '/api/deals/mine?page=0x10',
      '/api/deals/mine?pageSize=1e1',
      '/api/deals/mine?page=%202',
      '/api/chat/threads?limit=0x10',
    ]) {
      const res = await call(t.app, 'GET', path, { as: seller })
      expect(res.statusCode, path).toBe(400)
    }
    const plain = await call(t.app, 'GET', '/api/deals/mine?page=1&pageSize=5', { as: seller })
    expect(plain.statusCode).toBe(200)
    expect(plain.json()).toMatchObject({ page: 1, pageSize: 5 })
  })
})
