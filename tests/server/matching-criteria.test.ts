import { describe, expect, it } from 'vitest'
import { PreferencesSchema } from '../../src/contract'
import { computeDealTerms } from '../../src/contract/deal-math/deal-terms'
import { monthlyPayment } from '../../src/contract/deal-math/amortization'
import { WEIGHTS } from '../../server/modules/matching/score'
import { criteriaFrom, type MatchListing } from '../../server/modules/matching/criteria'
import { cashListing, NOW, reasonFor, score, subToListing } from './matching-fixtures'

/** Worked examples of the money and property criteria (place and the score itself: matching-score.test.ts). */

const outcome = (...args: Parameters<typeof reasonFor>) => reasonFor(...args).outcome

describe('money', () => {
  it('compares the price with the buy box’s range, either bound alone', () => {
    expect(reasonFor('price', cashListing, { minPrice: 200_000, maxPrice: 300_000 })).toMatchObject({
      outcome: 'match',
      values: { price: 250_000, min: 200_000, max: 300_000 },
    })
    expect(outcome('price', cashListing, { maxPrice: 240_000 })).toBe('miss')
    expect(outcome('price', cashListing, { minPrice: 260_000 })).toBe('miss')
    expect(outcome('price', cashListing, { maxPrice: 250_000 })).toBe('match')
  })

  it('reads a lease option’s price from its option sale price, and calls a price nobody gave unknown', () => {
    const lease = {
      ...cashListing,
      dealCategory: 'creative',
      purchaseType: 'LeaseOption',
      purchasePrice: null,
    } as const
    expect(reasonFor('price', { ...lease, optionSalePrice: 280_000 }, { maxPrice: 300_000 }).values.price).toBe(280_000)
    expect(reasonFor('price', lease, { maxPrice: 300_000 })).toMatchObject({
      outcome: 'unknown',
      values: { max: 300_000 },
    })
  })

  it('takes the monthly payment from the deal calculator: PITI plus the HOA and solar fees', () => {
    const listing = { ...subToListing, hoaMonthlyFee: 150, solarMonthlyFee: 99.5 }
    const reason = reasonFor('monthlyPayment', listing, { maxMonthlyPayment: 2_000 })
    expect(reason).toMatchObject({ outcome: 'match', values: { payment: 1_749.5, max: 2_000, kind: 'SubTo' } })
    expect(outcome('monthlyPayment', listing, { maxMonthlyPayment: 1_700 })).toBe('miss')
  })

  it('scores the same monthly payment the calculator shows for a seller-financed listing', () => {
    const listing: MatchListing = {
      ...cashListing,
      dealCategory: 'creative',
      purchaseType: 'SellerFinance',
      sellerLoanAmount: 200_000,
      sellerInterestRate: 6,
      sellerLoanMaturity: '2031-06-01',
      hoaMonthlyFee: 45,
    }
    const shown = computeDealTerms(
      listing,
      {
        rent: null,
        monthlyTaxes: null,
        monthlyInsurance: null,
        rehab: null,
        closingCosts: null,
        sellerAmortizationYears: null,
      },
      NOW,
    ).totalMonthlyPayment!
    const payment = reasonFor('monthlyPayment', listing, { maxMonthlyPayment: 1_000 }).values.payment
    expect(payment).toBeCloseTo(shown, 2)
    // 200,000 at 6 % over 30 years is $1,199.10 a month, plus the $45 HOA fee.
    expect(payment).toBeCloseTo(monthlyPayment(200_000, 6, 360) + 45, 2)
    expect(payment).toBe(1_244.1)
  })

  it('calls a payment it cannot compute unknown: a cash listing bought with a loan, a Subject-To without PITI or maturity', () => {
    expect(
      reasonFor('monthlyPayment', cashListing, { maxMonthlyPayment: 2_000, financingType: 'conventional' }),
    ).toEqual({
      code: 'monthlyPayment',
      outcome: 'unknown',
      weight: WEIGHTS.monthlyPayment,
      values: { max: 2_000 },
    })
    const noPiti = { ...subToListing, piti: null, loanMaturity: null }
    expect(outcome('monthlyPayment', noPiti, { maxMonthlyPayment: 2_000 })).toBe('unknown')
  })

  it('compares cash needed (entry fee plus EMD) with the buyer’s maximum down payment', () => {
    expect(reasonFor('cashToClose', subToListing, { maxDownPayment: 25_000 })).toMatchObject({
      outcome: 'match',
      values: { amount: 18_000, max: 25_000, entryFee: 18_000 },
    })
    const withEmd = { ...subToListing, emd: 3_000 }
    expect(reasonFor('cashToClose', withEmd, { maxDownPayment: 20_000 })).toMatchObject({
      outcome: 'miss',
      values: { amount: 21_000, max: 20_000, entryFee: 18_000, emd: 3_000 },
    })
  })

  it('counts the price less the loans taken over when there is no entry fee, and a lease’s option fee and deposit', () => {
    const noEntryFee = { ...subToListing, entryFee: null, emd: 2_000 }
    expect(reasonFor('cashToClose', noEntryFee, { maxDownPayment: 60_000 }).values).toMatchObject({
      amount: 52_000,
      downPayment: 50_000,
      emd: 2_000,
    })
    const lease: MatchListing = {
      ...cashListing,
      dealCategory: 'creative',
      purchaseType: 'LeaseOption',
      emd: 1_000,
      optionFee: 10_000,
      securityDeposit: 2_000,
      leaseMonthlyPayment: 1_900,
    }
    expect(reasonFor('cashToClose', lease, { maxDownPayment: 12_000 })).toMatchObject({
      outcome: 'miss',
      values: { amount: 13_000, optionFee: 10_000, securityDeposit: 2_000, emd: 1_000 },
    })
    expect(reasonFor('monthlyPayment', lease, { maxMonthlyPayment: 2_000 }).values.payment).toBe(1_900)
  })

  it('knows a cash listing’s cash needed only for a buyer who pays cash', () => {
    expect(reasonFor('cashToClose', cashListing, { maxDownPayment: 300_000 }).outcome).toBe('unknown')
    expect(reasonFor('cashToClose', cashListing, { maxDownPayment: 300_000, financingType: 'cash' })).toMatchObject({
      outcome: 'match',
      values: { amount: 250_000, price: 250_000 },
    })
  })

  it('matches the buy box’s deal type; a box for both sets nothing', () => {
    expect(reasonFor('dealType', subToListing, { dealType: 'creative' }).outcome).toBe('match')
    expect(reasonFor('dealType', cashListing, { dealType: 'creative' })).toMatchObject({
      outcome: 'miss',
      values: { dealCategory: 'cash', wanted: 'creative' },
    })
    const both = criteriaFrom({ type: 'both', zipCodes: [], propertyTypes: [] }, null)
    expect(score(cashListing, both).reasons).toEqual([])
  })

  it('matches the buyer’s financing with what the listing can be bought with', () => {
    expect(outcome('financing', subToListing, { financingType: 'creative' })).toBe('match')
    expect(outcome('financing', subToListing, { financingType: 'cash' })).toBe('miss')
    expect(outcome('financing', cashListing, { financingType: 'hard-money' })).toBe('match')
    const qualifies = { ...cashListing, traditionalFinancing: ['conventional', 'fha'] } as MatchListing
    expect(outcome('financing', qualifies, { financingType: 'fha' })).toBe('match')
    expect(outcome('financing', qualifies, { financingType: 'va' })).toBe('miss')
    expect(outcome('financing', { ...cashListing, traditionalFinancing: ['cash-only'] }, { financingType: 'va' })).toBe(
      'miss',
    )
    expect(reasonFor('financing', cashListing, { financingType: 'va' })).toMatchObject({
      outcome: 'unknown',
      values: { financing: 'va', dealCategory: 'cash' },
    })
  })
})

describe('the property', () => {
  it('matches the property types of the buy box and the preferences together', () => {
    const types = criteriaFrom(
      { type: 'both', zipCodes: [], propertyTypes: ['condo'] },
      PreferencesSchema.parse({ state: 'AZ', city: 'Phoenix', propertyTypes: ['single-family'] }),
    ).propertyTypes
    expect(reasonFor('propertyType', cashListing, { propertyTypes: types }).outcome).toBe('match')
    expect(reasonFor('propertyType', cashListing, { propertyTypes: ['condo', 'townhouse'] })).toMatchObject({
      outcome: 'miss',
      values: { propertyType: 'single-family' },
    })
  })

  it.each([
    ['bedrooms', 'minBedrooms', 'bedrooms', 3],
    ['bathrooms', 'minBathrooms', 'bathrooms', 2],
    ['squareFeet', 'minSqft', 'squareFootage', 1_600],
    ['yearBuilt', 'minYearBuilt', 'yearBuilt', 2005],
  ] as const)('judges %s against the buyer’s minimum, unknown when not listed', (code, min, field, listed) => {
    expect(reasonFor(code, cashListing, { [min]: listed })).toMatchObject({ outcome: 'match', values: { min: listed } })
    expect(reasonFor(code, cashListing, { [min]: listed + 1 }).outcome).toBe('miss')
    expect(reasonFor(code, { ...cashListing, [field]: null }, { [min]: listed })).toMatchObject({
      outcome: 'unknown',
      values: { min: listed },
    })
  })

  it('converts a lot in acres to square feet before comparing with the buyer’s minimum in square feet', () => {
    const halfAcre = { ...cashListing, lotSize: 0.5, lotSizeUnit: 'acres' } as const
    expect(reasonFor('lotSize', halfAcre, { minLotSize: 10_000 })).toMatchObject({
      outcome: 'match',
      values: { sqft: 21_780, lotSize: 0.5, unit: 'acres', min: 10_000 },
    })
    expect(reasonFor('lotSize', halfAcre, { minLotSize: 22_000 }).outcome).toBe('miss')
    expect(reasonFor('lotSize', cashListing, { minLotSize: 10_000 })).toMatchObject({
      outcome: 'miss',
      values: { sqft: 6_000, lotSize: 6_000, unit: 'sqft' },
    })
    expect(reasonFor('lotSize', { ...cashListing, lotSize: null }, { minLotSize: 10_000 }).outcome).toBe('unknown')
  })

  it('counts the age from the year built to the year scored', () => {
    expect(reasonFor('age', cashListing, { maxPropertyAge: 30 })).toMatchObject({
      outcome: 'match',
      values: { age: 21, yearBuilt: 2005, max: 30 },
    })
    expect(outcome('age', cashListing, { maxPropertyAge: 10 })).toBe('miss')
    expect(outcome('age', cashListing, { minPropertyAge: 25 })).toBe('miss')
    expect(outcome('age', cashListing, { minPropertyAge: 5, maxPropertyAge: 21 })).toBe('match')
    expect(outcome('age', { ...cashListing, yearBuilt: null }, { maxPropertyAge: 30 })).toBe('unknown')
  })

  it('excludes a listing with an HOA fee; a listing states no HOA by giving no fee', () => {
    expect(reasonFor('hoa', { ...cashListing, hoaMonthlyFee: 150 }, { excludeHoa: true })).toMatchObject({
      outcome: 'miss',
      values: { hoaFee: 150 },
    })
    expect(reasonFor('hoa', cashListing, { excludeHoa: true })).toMatchObject({ outcome: 'match', values: {} })
  })

  it('calls a home built this year or last new construction', () => {
    expect(
      reasonFor('newConstruction', { ...cashListing, yearBuilt: 2025 }, { newConstructionOnly: true }).outcome,
    ).toBe('match')
    expect(reasonFor('newConstruction', cashListing, { newConstructionOnly: true })).toMatchObject({
      outcome: 'miss',
      values: { yearBuilt: 2005 },
    })
    expect(outcome('newConstruction', { ...cashListing, yearBuilt: null }, { newConstructionOnly: true })).toBe(
      'unknown',
    )
  })

  it('judges the condition when a listing states one, and calls it unknown otherwise (listings do not store it yet)', () => {
    const fixer = { ...cashListing, propertyCondition: 'fixer-upper' } as const
    expect(outcome('condition', fixer, { propertyConditions: ['fixer-upper', 'teardown'] })).toBe('match')
    expect(reasonFor('condition', fixer, { propertyConditions: ['move-in-ready'] })).toMatchObject({
      outcome: 'miss',
      values: { condition: 'fixer-upper' },
    })
    expect(outcome('condition', cashListing, { propertyConditions: ['move-in-ready'] })).toBe('unknown')
  })
})
