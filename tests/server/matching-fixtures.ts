import { criteriaFrom, type BuyerCriteria, type MatchListing } from '../../server/modules/matching/criteria'
import { scoreListing } from '../../server/modules/matching/score'
import type { Reason, ReasonCode } from '../../src/contract/matching'
import { blankListing } from '../spa/deal-math-fixtures'

/** The day every example is scored on: ages count from 2026, maturities from June 2026. */
export const NOW = new Date('2026-06-01T12:00:00Z')

/** A cash single-family house in downtown Phoenix; fields a test does not name are as a seller left them. */
export const cashListing: MatchListing = {
  ...blankListing,
  dealCategory: 'cash',
  purchasePrice: 250_000,
  emd: 5_000,
  city: 'Phoenix',
  state: 'AZ',
  zipCode: '85004',
  latitude: null,
  longitude: null,
  propertyType: 'single-family',
  bedrooms: 3,
  bathrooms: 2,
  squareFootage: 1_600,
  lotSize: 6_000,
  lotSizeUnit: 'sqft',
  yearBuilt: 2005,
  traditionalFinancing: [],
}

/** The same house sold Subject-To: $1,500 PITI, $18,000 entry fee and no EMD. */
export const subToListing: MatchListing = {
  ...cashListing,
  dealCategory: 'creative',
  purchaseType: 'SubTo',
  emd: null,
  loanBalance: 200_000,
  interestRate: 3,
  loanMaturity: '2050-06-01',
  piti: 1_500,
  entryFee: 18_000,
}

/** A buyer who set nothing; each test sets what it needs. */
export const buyer = (criteria: Partial<BuyerCriteria> = {}): BuyerCriteria => ({
  ...criteriaFrom(null, null),
  ...criteria,
})

export const score = (listing: MatchListing, criteria: BuyerCriteria) => scoreListing(listing, criteria, { now: NOW })

/** The one reason of `code` (the buyer set that criterion only, or several). */
export function reasonFor(code: ReasonCode, listing: MatchListing, criteria: Partial<BuyerCriteria>): Reason {
  const found = score(listing, buyer(criteria)).reasons.find((reason) => reason.code === code)
  if (!found) throw new Error(`no ${code} reason`)
  return found
}
