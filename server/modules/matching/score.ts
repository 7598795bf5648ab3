import type { MatchScore, Reason, ReasonCode } from '../../../src/contract/matching'
import { REASON_CODES } from '../../../src/contract/matching'
import { computeDealTerms, type BuyerInputs } from '../../../src/contract/deal-math/deal-terms'
import type { BuyerCriteria, MatchListing } from './criteria'
import type { Check, Context } from './judge'
import { area, state } from './place'
import { cashToClose, dealType, financing, monthlyPayment, price } from './money'
import {
  age,
  bathrooms,
  bedrooms,
  condition,
  hoa,
  lotSize,
  newConstruction,
  propertyType,
  squareFeet,
  yearBuilt,
} from './property'

/**
 * Each criterion's weight: place and money heaviest (where a buyer can buy and what they can carry), then
 * the kind of deal and property, then the house's facts.
 */
export const WEIGHTS: Record<ReasonCode, number> = {
  area: 25,
  price: 20,
  monthlyPayment: 20,
  cashToClose: 20,
  dealType: 12,
  state: 10,
  financing: 10,
  propertyType: 10,
  bedrooms: 6,
  bathrooms: 5,
  squareFeet: 5,
  hoa: 5,
  condition: 5,
  yearBuilt: 4,
  age: 4,
  newConstruction: 4,
  lotSize: 3,
}

const CHECKS: Record<ReasonCode, Check> = {
  area,
  state,
  price,
  monthlyPayment,
  cashToClose,
  dealType,
  financing,
  propertyType,
  bedrooms,
  bathrooms,
  squareFeet,
  lotSize,
  yearBuilt,
  age,
  hoa,
  newConstruction,
  condition,
}

/** The order reasons are given in: heaviest first, equal weights in REASON_CODES order (a stable sort). */
const HEAVIEST_FIRST = [...REASON_CODES].sort((a, b) => WEIGHTS[b] - WEIGHTS[a])

/** The calculator with nothing typed by the buyer: the listing's own figures. */
const NOTHING_TYPED: BuyerInputs = {
  rent: null,
  monthlyTaxes: null,
  monthlyInsurance: null,
  rehab: null,
  closingCosts: null,
  sellerAmortizationYears: null,
}

/**
 * How well a listing suits a buyer, 0–100, with a reason per criterion the buyer set (a criterion not set is
 * no reason), most important (heaviest) first.
 *
 * The rule: score = ⌊100 × (weight of the criteria matched) / (weight of every criterion the buyer set)⌋.
 * A miss and an unknown both add nothing: missing data on either side never counts as a match, and it is
 * not punished beyond that (it does not count against the listing as a miss would in a penalty scheme; it
 * stays in the denominator, so a listing with less data never outranks one that shows it meets the
 * criterion). Hence: 100 only when every criterion set matched (rounded down, never up to 100); a listing
 * that meets one more criterion never scores lower (the numerator grows, the denominator is the buyer's);
 * a buyer who set nothing scores every listing 0 with no reasons (the caller shows how to set preferences).
 * Money figures come from the deal calculator (`computeDealTerms`) as of `now`, so the score and the
 * listing's page agree. One reading is not "missing means unknown": a listing without an HOA fee states it
 * has no HOA (the form has no other way to say so; see `hoa` in property.ts).
 */
export function scoreListing(listing: MatchListing, buyer: BuyerCriteria, { now }: { now: Date }): MatchScore {
  return scoreWith(listingContext(listing, now), buyer)
}

/**
 * One listing scored for many buyers (a new listing against the buy boxes the SQL prefilter found): the
 * calculator runs once for the listing, not once per buyer. Same scores as `scoreListing`, in order.
 */
export function scoreListingForBuyers(
  listing: MatchListing,
  buyers: readonly BuyerCriteria[],
  { now }: { now: Date },
): MatchScore[] {
  const context = listingContext(listing, now)
  return buyers.map((buyer) => scoreWith(context, buyer))
}

type ListingContext = Omit<Context, 'buyer'>

const listingContext = (listing: MatchListing, now: Date): ListingContext => ({
  listing,
  terms: computeDealTerms(listing, NOTHING_TYPED, now),
  year: now.getUTCFullYear(),
})

function scoreWith(listingSide: ListingContext, buyer: BuyerCriteria): MatchScore {
  const context: Context = { ...listingSide, buyer }
  const reasons: Reason[] = []
  let set = 0
  let matched = 0
  for (const code of HEAVIEST_FIRST) {
    const judged = CHECKS[code](context)
    if (!judged) continue
    const weight = WEIGHTS[code]
    reasons.push({ code, outcome: judged.outcome, weight, values: judged.values })
    set += weight
    if (judged.outcome === 'match') matched += weight
  }
  return { score: set === 0 ? 0 : Math.floor((100 * matched) / set), reasons }
}
