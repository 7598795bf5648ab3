import { describe, expect, it } from 'vitest'
import { PreferencesSchema } from '../../src/contract'
import { computeDealTerms } from '../../src/contract/deal-math/deal-terms'
import { monthlyPayment } from '../../src/contract/deal-math/amortization'
import { scoreListingForBuyers, WEIGHTS } from '../../server/modules/matching/score'
import { criteriaFrom, type BuyerCriteria, type MatchListing } from '../../server/modules/matching/criteria'
import { buyer, cashListing, NOW, reasonFor, score, subToListing } from './matching-fixtures'

const outcome = (...args: Parameters<typeof reasonFor>) => reasonFor(...args).outcome

describe('place', () => {
  it('matches a listing whose ZIP code is in the buyer’s list', () => {
    expect(reasonFor('area', cashListing, { zipCodes: ['85201', '85004'] })).toEqual({
      code: 'area',
      outcome: 'match',
      weight: WEIGHTS.area,
      values: { zipCode: '85004', city: 'Phoenix', state: 'AZ', via: 'zip' },
    })
  })

  it('matches the buyer’s city and state whatever their case, and misses a place in none of them', () => {
    expect(reasonFor('area', cashListing, { city: 'phoenix ', state: 'AZ' }).values.via).toBe('city')
    expect(outcome('area', cashListing, { city: 'phoenix', state: 'AZ' })).toBe('match')
    expect(reasonFor('area', cashListing, { city: 'Mesa', state: 'AZ', zipCodes: ['85201'] })).toMatchObject({
      outcome: 'miss',
      values: { via: 'list', city: 'Phoenix', zipCode: '85004' },
    })
  })

  it('measures a radius in miles between real ZIP codes: downtown Phoenix is about 107 mi from Tucson', () => {
    const within = reasonFor('area', cashListing, { radius: { zipCode: '85701', miles: 120 } })
    expect(within).toMatchObject({ outcome: 'match', values: { via: 'radius', centreZip: '85701', maxMiles: 120 } })
    expect(within.values.miles).toBeGreaterThan(100)
    expect(within.values.miles).toBeLessThan(115)
    expect(outcome('area', cashListing, { radius: { zipCode: '85701', miles: 90 } })).toBe('miss')
    // Mesa is about 13 mi away.
    expect(reasonFor('area', cashListing, { radius: { zipCode: '85201', miles: 15 } }).values.miles).toBeCloseTo(
      12.9,
      0,
    )
  })

  it('measures from the listing’s own position when it has one', () => {
    const inTucson = { ...cashListing, latitude: 32.2217, longitude: -110.9265 }
    expect(reasonFor('area', inTucson, { radius: { zipCode: '85701', miles: 5 } }).outcome).toBe('match')
  })

  it('leaves the area unknown when a radius cannot be measured and nothing else matched', () => {
    expect(reasonFor('area', cashListing, { radius: { zipCode: '00000', miles: 50 } })).toMatchObject({
      outcome: 'unknown',
      values: { via: 'radius', centreZip: '00000', maxMiles: 50 },
    })
    const alsoByZip = { radius: { zipCode: '00000', miles: 50 }, zipCodes: ['85004'] }
    expect(outcome('area', cashListing, alsoByZip)).toBe('match')
  })

  it('judges the state of the preferences on its own', () => {
    expect(reasonFor('state', cashListing, { state: 'AZ' })).toMatchObject({
      outcome: 'match',
      values: { state: 'AZ' },
    })
    expect(reasonFor('state', cashListing, { state: 'NV' })).toMatchObject({
      outcome: 'miss',
      values: { state: 'AZ', wanted: 'NV' },
    })
  })
})

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

/** A creative buyer in Phoenix who set every criterion, and a listing that meets all of them. */
const demanding: BuyerCriteria = buyer({
  dealType: 'creative',
  zipCodes: ['85004'],
  city: 'Phoenix',
  state: 'AZ',
  propertyTypes: ['single-family'],
  minPrice: 200_000,
  maxPrice: 300_000,
  minBedrooms: 3,
  minBathrooms: 2,
  minSqft: 1_500,
  minLotSize: 5_000,
  minYearBuilt: 2000,
  maxPropertyAge: 30,
  excludeHoa: true,
  newConstructionOnly: false,
  propertyConditions: ['move-in-ready'],
  maxMonthlyPayment: 2_000,
  maxDownPayment: 25_000,
  financingType: 'creative',
})
const perfect: MatchListing = { ...subToListing, propertyCondition: 'move-in-ready' }

describe('the score', () => {
  it('is 100 when every criterion set matched, with a reason per criterion, heaviest first', () => {
    const { score: value, reasons } = score(perfect, demanding)
    expect(value).toBe(100)
    expect(reasons.map((reason) => reason.code)).toEqual([
      'area',
      'price',
      'monthlyPayment',
      'cashToClose',
      'dealType',
      'state',
      'financing',
      'propertyType',
      'bedrooms',
      'bathrooms',
      'squareFeet',
      'hoa',
      'condition',
      'yearBuilt',
      'age',
      'lotSize',
    ])
    expect(reasons.every((reason) => reason.outcome === 'match')).toBe(true)
  })

  it('is the weight matched over the weight set, rounded down: an unknown counts as not matched, like a miss', () => {
    const total = Object.values(WEIGHTS).reduce((a, b) => a + b, 0) - WEIGHTS.newConstruction
    const unknownBedrooms = score({ ...perfect, bedrooms: null }, demanding)
    const missedBedrooms = score({ ...perfect, bedrooms: 1 }, demanding)
    expect(unknownBedrooms.score).toBe(Math.floor((100 * (total - WEIGHTS.bedrooms)) / total))
    expect(missedBedrooms.score).toBe(unknownBedrooms.score)
    expect(unknownBedrooms.reasons.find((reason) => reason.code === 'bedrooms')?.outcome).toBe('unknown')
  })

  it('scores one listing for many buyers as it scores it for each', () => {
    const buyers = [
      demanding,
      buyer(),
      buyer({ maxDownPayment: 10_000 }),
      buyer({ radius: { zipCode: '85701', miles: 50 } }),
    ]
    expect(scoreListingForBuyers(perfect, buyers, { now: NOW })).toEqual(buyers.map((each) => score(perfect, each)))
  })

  it('is 0 with no reasons for a buyer who set nothing', () => {
    expect(score(perfect, buyer())).toEqual({ score: 0, reasons: [] })
  })

  it('is 0 when nothing set matched, and never 100 while one criterion misses', () => {
    const elsewhere: MatchListing = {
      ...cashListing,
      city: 'Tucson',
      state: 'NV',
      zipCode: '85701',
      propertyType: 'condo',
      purchasePrice: 900_000,
      bedrooms: 1,
      bathrooms: 1,
      squareFootage: 500,
      lotSize: 100,
      yearBuilt: 1950,
      hoaMonthlyFee: 300,
      propertyCondition: 'teardown',
      traditionalFinancing: ['cash-only'],
    }
    expect(score(elsewhere, demanding).score).toBe(0)
    // The lightest criterion missed: 161 of 164 is 98.2 %, and 98 rather than rounded up.
    const total = Object.values(WEIGHTS).reduce((a, b) => a + b, 0) - WEIGHTS.newConstruction
    expect(total - WEIGHTS.lotSize).toBe(161)
    expect(score({ ...perfect, lotSize: 1_000 }, demanding).score).toBe(98)
  })

  it('stays within 0–100 and never drops when a listing meets one more criterion', () => {
    const variations: ((listing: MatchListing) => MatchListing)[] = [
      (l) => ({ ...l, bedrooms: l.bedrooms === null ? 4 : null }),
      (l) => ({ ...l, bathrooms: 1 }),
      (l) => ({ ...l, zipCode: '85201', city: 'Mesa' }),
      (l) => ({ ...l, state: 'NV' }),
      (l) => ({ ...l, purchasePrice: 400_000 }),
      (l) => ({ ...l, piti: 2_500 }),
      (l) => ({ ...l, entryFee: 40_000 }),
      (l) => ({ ...l, hoaMonthlyFee: 80 }),
      (l) => ({ ...l, yearBuilt: l.yearBuilt === null ? 2026 : null }),
      (l) => ({ ...l, lotSize: 0.25, lotSizeUnit: 'acres' }),
      (l) => ({ ...l, propertyType: 'condo' }),
      (l) => ({ ...l, propertyCondition: 'teardown' }),
      (l) => ({ ...l, squareFootage: null }),
      (l) => ({ ...cashListing, ...pick(l) }),
    ]
    const buyers = [
      demanding,
      buyer({ ...demanding, newConstructionOnly: true, radius: { zipCode: '85201', miles: 20 } }),
    ]
    // Every listing reachable by up to three variations of the perfect one, against each buyer: whenever one
    // listing matches everything another matches and more, it scores at least as much.
    let listings = [perfect]
    for (let round = 0; round < 2; round++)
      listings = listings.flatMap((l) => [l, ...variations.map((vary) => vary(l))])
    for (const criteria of buyers) {
      const scored = listings.map((listing) => score(listing, criteria))
      for (const result of scored) {
        expect(Number.isInteger(result.score)).toBe(true)
        expect(result.score).toBeGreaterThanOrEqual(0)
        expect(result.score).toBeLessThanOrEqual(100)
      }
      const matched = scored.map(
        (result) => new Set(result.reasons.filter((r) => r.outcome === 'match').map((r) => r.code)),
      )
      let compared = 0
      for (let a = 0; a < scored.length; a++) {
        for (let b = 0; b < scored.length; b++) {
          const more = [...matched[a]!].every((code) => matched[b]!.has(code)) && matched[b]!.size > matched[a]!.size
          if (!more) continue
          compared++
          expect(scored[b]!.score).toBeGreaterThan(scored[a]!.score)
        }
      }
      expect(compared).toBeGreaterThan(100)
    }
  })
})

/** The facts of a listing that are not its deal terms (to move a listing's property onto a cash deal). */
function pick(listing: MatchListing): Partial<MatchListing> {
  const { city, state, zipCode, propertyType, bedrooms, bathrooms, squareFootage, lotSize, lotSizeUnit, yearBuilt } =
    listing
  return { city, state, zipCode, propertyType, bedrooms, bathrooms, squareFootage, lotSize, lotSizeUnit, yearBuilt }
}
