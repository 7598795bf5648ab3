import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Deal } from '../../src/contract'
import { dealPhotos } from '../../server/db/schema'
import { call, callerWith, type Caller } from './accounts-helpers'
import { createTestApp, type TestApp } from './helpers'
import { cashListing, createListing, creativeListings, uniqueListing } from './deals-helpers'
import { updateUserRow } from '../../server/modules/users/repository'
import { runJobs } from './jobs-helpers'

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

const post = (as: Caller, body: Record<string, unknown>) => call(t.app, 'POST', '/api/deals', { as, body })

describe('POST /api/deals', () => {
  it('creates a cash listing, geocoded from its ZIP, with a system history entry', async () => {
    const response = await post(seller, uniqueListing())
    expect(response.statusCode).toBe(201)
    const deal = response.json<Deal>()
    expect(deal).toMatchObject({
      status: 'active',
      availability: 'available',
      isOwner: true,
      addressHidden: false,
      purchasePrice: 250000,
      listedBy: { id: seller.id },
      favoriteCount: 0,
      photos: [],
      priorityNotification: { count: 0, sentAt: expect.any(String) },
    })
    expect(deal.latitude).toBeCloseTo(33.45, 0)
    expect(deal.statusHistory).toEqual([expect.objectContaining({ status: 'active', source: 'system' })])
  })

  it.each(Object.entries(creativeListings))('creates a %s listing with the creative tags added', async (_, body) => {
    const response = await post(seller, { ...body, streetAddress: `${Math.random()} Creative Way` })
    expect(response.statusCode).toBe(201)
    expect(response.json<Deal>().tags).toEqual(
      expect.arrayContaining(['rental-property', 'low-entry-fee', 'low-interest-rate']),
    )
  })

  it('notifies matching Certified buyers first and shows the seller how many heard', async () => {
    const certified = await callerWith(t, ['buyer'])
    await updateUserRow(t.db, certified.id, { certifiedBuyer: true })
    const box = await call(t.app, 'PUT', '/api/profile/buybox', {
      as: certified,
      body: { type: 'both', zipCodes: ['85020'] },
    })
    expect(box.statusCode).toBe(200)
    const created = await createListing(t, seller, { zipCode: '85020' })
    expect(created.priorityNotification).toEqual({ count: 0, sentAt: expect.any(String) })
    // The priority wave is a job: once it ran, the seller sees how many Certified buyers it alerted.
    await runJobs(t.app)
    const deal = (await call(t.app, 'GET', `/api/deals/${created.id}`, { as: seller })).json<Deal>()
    expect(deal.priorityNotification).toEqual({ count: 1, sentAt: expect.any(String) })
    const seen = (await call(t.app, 'GET', `/api/deals/${deal.id}`, { as: certified })).json<Deal>()
    expect(seen.priorityNotification).toBeNull()
  })

  it('starts an exclusive listing as exclusive', async () => {
    const deal = await createListing(t, seller, { initialStatus: 'exclusive' })
    expect(deal.status).toBe('exclusive')
    expect(deal.statusHistory.map((entry) => entry.status)).toEqual(['exclusive'])
  })

  it('leaves a ZIP the dataset does not know without a position', async () => {
    const deal = await createListing(t, seller, { zipCode: '00000' })
    expect([deal.latitude, deal.longitude]).toEqual([null, null])
  })

  it('is for sellers, owners and admins, not buyers', async () => {
    expect((await post(buyer, uniqueListing())).statusCode).toBe(403)
    expect((await post(admin, uniqueListing())).statusCode).toBe(201)
    expect((await call(t.app, 'POST', '/api/deals', { body: uniqueListing() })).statusCode).toBe(401)
  })
})

describe('listing validation (spec §5)', () => {
  const fieldError = async (body: Record<string, unknown>, field: string) => {
    const response = await post(seller, body)
    expect(response.statusCode).toBe(400)
    return response.json<{ fields: Record<string, string> }>().fields[field]
  }

  it('answers the form summary with a message per field', async () => {
    const response = await post(seller, { ...cashListing, streetAddress: '', city: '', zipCode: '123' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'invalid_input',
      message: 'Please fill in all required fields (3 errors found)',
      fields: {
        streetAddress: 'This field is required.',
        city: 'This field is required.',
        zipCode: 'ZIP code must be exactly 5 digits.',
      },
    })
  })

  it('answers in Spanish for a Spanish caller', async () => {
    const response = await call(t.app, 'POST', '/api/deals', {
      as: seller,
      body: { ...cashListing, city: '' },
      headers: { 'accept-language': 'es' },
    })
    expect(response.json<{ message: string }>().message).toMatch(/\(1/)
    expect(response.json<{ message: string }>().message).not.toContain('Please fill')
  })

  it.each([
    ['state', 'XX', 'Enter a valid 2-letter US state code.'],
    ['state', 'Arizona', 'Enter a valid 2-letter US state code.'],
    ['zipCode', '8500', 'ZIP code must be exactly 5 digits.'],
    ['zipCode', '85001-1234', 'ZIP code must be exactly 5 digits.'],
    ['purchasePrice', -5, 'Must be a positive number.'],
    ['purchasePrice', 0, 'Must be a positive number.'],
    ['purchasePrice', 'lots', 'Expected a valid number'],
    ['emd', 'ten', 'Expected a valid number'],
    ['bedrooms', -1, 'Must be a positive number.'],
    ['bathrooms', 'two', 'Expected a valid number'],
    ['squareFootage', -100, 'Must be a positive number.'],
    ['lotSize', 'big', 'Expected a valid number'],
    ['hoaMonthlyFee', -1, 'Must be a positive number.'],
    ['solarMonthlyFee', 'x', 'Expected a valid number'],
    ['yearBuilt', 1799, 'Year built must be 1800 or later.'],
    ['yearBuilt', 'old', 'Expected a valid number'],
    ['dealDescription', 'Too short', 'Description must be at least 10 characters.'],
    ['tags', [], 'Choose at least one tag.'],
    ['legalCertification', false, 'You must certify your contractual interest in this property.'],
  ])('%s = %j → "%s"', async (field, value, message) => {
    expect(await fieldError({ ...cashListing, [field]: value }, field)).toBe(message)
  })

  it('requires the purchase price of a cash listing', async () => {
    expect(await fieldError({ ...cashListing, purchasePrice: '' }, 'purchasePrice')).toBe('This field is required.')
  })

  it('requires a purchase type for a creative listing', async () => {
    expect(await fieldError({ ...cashListing, dealCategory: 'creative' }, 'purchaseType')).toBe(
      'Choose a purchase type for a creative listing.',
    )
  })

  const required: Record<keyof typeof creativeListings, string[]> = {
    SubTo: ['loanType', 'interestRate', 'loanBalance', 'loanMaturity', 'piti', 'entryFee'],
    SellerFinance: ['sellerLoanAmount', 'sellerInterestRate', 'pi', 'sellerLoanMaturity', 'deedTransferType'],
    Hybrid: [
      'loanType',
      'interestRate',
      'loanBalance',
      'loanMaturity',
      'piti',
      'entryFee',
      'sellerLoanAmount',
      'sellerInterestRate',
      'pi',
      'sellerLoanMaturity',
      'deedTransferType',
    ],
    LeaseOption: ['optionFee', 'optionSalePrice', 'optionTerm', 'leaseMonthlyPayment'],
  }
  it.each(
    Object.entries(required).flatMap(([type, fields]) =>
      fields.map((field) => [type as keyof typeof creativeListings, field] as const),
    ),
  )('%s requires %s', async (type, field) => {
    const body = { ...creativeListings[type], [field]: null }
    expect(await fieldError(body, field)).toBe('This field is required.')
  })

  it.each([
    ['optionTerm', 0.5, 'Option term must be at least 1 year.'],
    ['optionFee', -1, 'Must be a positive number.'],
    ['leaseMonthlyPayment', 'abc', 'Expected a valid number'],
    ['securityDeposit', -1, 'Must be a positive number.'],
    ['petFee', 'abc', 'Expected a valid number'],
  ])('lease option %s = %j → "%s"', async (field, value, message) => {
    expect(await fieldError({ ...creativeListings.LeaseOption, [field]: value }, field)).toBe(message)
  })

  it('requires the credited amount when lease payments are credited', async () => {
    const body = { ...creativeListings.LeaseOption, monthlyPaymentCredited: true }
    expect(await fieldError(body, 'monthlyCreditAmount')).toBe('This field is required.')
  })

  it.each([
    ['interestRate', -3, 'Must be a positive number.'],
    ['piti', 'abc', 'Expected a valid number'],
    ['loanBalance', 0, 'Must be a positive number.'],
    ['entryFee', 'abc', 'Expected a valid number'],
  ])('Subject-To %s = %j → "%s"', async (field, value, message) => {
    expect(await fieldError({ ...creativeListings.SubTo, [field]: value }, field)).toBe(message)
  })

  it.each([
    ['sellerLoanAmount', -1, 'Must be a positive number.'],
    ['sellerInterestRate', 'abc', 'Expected a valid number'],
    ['pi', 0, 'Must be a positive number.'],
  ])('seller finance %s = %j → "%s"', async (field, value, message) => {
    expect(await fieldError({ ...creativeListings.SellerFinance, [field]: value }, field)).toBe(message)
  })
})

describe('GET /api/deals/:id', () => {
  it('hides a hidden address from buyers but not from the seller or admins', async () => {
    const deal = await createListing(t, seller, { hideAddress: true })
    const asBuyer = (await call(t.app, 'GET', `/api/deals/${deal.id}`, { as: buyer })).json<Deal>()
    expect(asBuyer).toMatchObject({ streetAddress: null, addressHidden: true, city: 'Phoenix', zipCode: '85001' })
    expect(asBuyer.isOwner).toBe(false)
    expect(asBuyer.priorityNotification).toBeNull()
    for (const viewer of [seller, admin]) {
      const seen = (await call(t.app, 'GET', `/api/deals/${deal.id}`, { as: viewer })).json<Deal>()
      expect(seen).toMatchObject({ streetAddress: deal.streetAddress, addressHidden: false })
    }
  })

  it('shows the photos in gallery order with display and thumbnail URLs', async () => {
    const deal = await createListing(t, seller)
    const photo = (position: number, name: string) => ({
      dealId: deal.id,
      position,
      originalKey: `deal-photos/${name}-original.jpg`,
      displayKey: `deal-photos/${name}.webp`,
      thumbKey: `deal-photos/${name}-thumb.webp`,
      width: 1600,
      height: 1200,
    })
    await t.db.insert(dealPhotos).values([photo(1, 'kitchen'), photo(0, 'front')])
    const seen = (await call(t.app, 'GET', `/api/deals/${deal.id}`, { as: buyer })).json<Deal>()
    expect(seen.photos.map((p) => [p.position, p.url, p.thumbUrl])).toEqual([
      [0, '/uploads/deal-photos/front.webp', '/uploads/deal-photos/front-thumb.webp'],
      [1, '/uploads/deal-photos/kitchen.webp', '/uploads/deal-photos/kitchen-thumb.webp'],
    ])
  })

  it('answers "Listing not found" for unknown ids and ids that are not ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await call(t.app, 'GET', `/api/deals/${id}`, { as: buyer })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ message: 'Listing not found', code: 'listing_not_found' })
    }
  })

  it('keeps the status on edit (statuses change only through the status call) and adds creative tags', async () => {
    const deal = await createListing(t, seller)
    const edited = await call(t.app, 'PUT', `/api/deals/${deal.id}`, {
      as: seller,
      body: { ...creativeListings.SubTo, streetAddress: deal.streetAddress, initialStatus: 'exclusive' },
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json<Deal>()).toMatchObject({ status: 'active', dealCategory: 'creative', purchaseType: 'SubTo' })
    expect(edited.json<Deal>().tags).toEqual(expect.arrayContaining(['low-entry-fee', 'low-interest-rate']))
    const again = await call(t.app, 'PUT', `/api/deals/00000000-0000-4000-8000-000000000000`, {
      as: seller,
      body: uniqueListing(),
    })
    expect(again.statusCode).toBe(404)
  })

  it('re-geocodes when the ZIP changes on edit', async () => {
    const deal = await createListing(t, seller)
    const moved = await call(t.app, 'PUT', `/api/deals/${deal.id}`, {
      as: seller,
      body: { ...uniqueListing(), streetAddress: deal.streetAddress, city: 'Miami', state: 'FL', zipCode: '33101' },
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json<Deal>().latitude).toBeCloseTo(25.77, 0)
  })
})
