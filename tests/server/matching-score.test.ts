import { describe, expect, it } from 'vitest'
import { scoreListingForBuyers, WEIGHTS } from '../../server/modules/matching/score'
import type { BuyerCriteria, MatchListing } from '../../server/modules/matching/criteria'
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
