import type {
  BuyBox,
  Deal,
  FINANCING_TYPES,
  PreferencePropertyType,
  Preferences,
  PROPERTY_CONDITIONS,
} from '../../../src/contract'
import type { ListingTerms } from '../../../src/contract/deal-math/deal-terms'

type PropertyCondition = (typeof PROPERTY_CONDITIONS)[number]
type FinancingType = (typeof FINANCING_TYPES)[number]

/**
 * What the scorer reads from a listing: the calculator's terms (the same figures the deal page shows) and
 * the property's facts. `propertyCondition` is not stored on listings yet: until it is, the condition
 * criterion is `unknown` for every listing.
 */
export type MatchListing = ListingTerms &
  Pick<
    Deal,
    | 'city'
    | 'state'
    | 'zipCode'
    | 'latitude'
    | 'longitude'
    | 'propertyType'
    | 'bedrooms'
    | 'bathrooms'
    | 'squareFootage'
    | 'lotSize'
    | 'lotSizeUnit'
    | 'yearBuilt'
    | 'traditionalFinancing'
  > & { propertyCondition?: PropertyCondition | null }

/** A search radius: every listing within `miles` of the centre of `zipCode`. */
export type Radius = { zipCode: string; miles: number }

/**
 * A buyer's criteria, from their buy box and preferences together. Null, false and empty lists mean "not
 * set": a criterion not set is no reason at all.
 */
export type BuyerCriteria = {
  /** The buy box's type; `both` is no preference (null). */
  dealType: 'cash' | 'creative' | null
  /** The buy box's and the preferences' ZIP codes together. */
  zipCodes: string[]
  city: string | null
  state: string | null
  radius: Radius | null
  propertyTypes: PreferencePropertyType[]
  minPrice: number | null
  maxPrice: number | null
  minBedrooms: number | null
  minBathrooms: number | null
  minSqft: number | null
  /** Square feet (the preferences form asks in square feet). */
  minLotSize: number | null
  minYearBuilt: number | null
  minPropertyAge: number | null
  maxPropertyAge: number | null
  excludeHoa: boolean
  newConstructionOnly: boolean
  propertyConditions: PropertyCondition[]
  maxMonthlyPayment: number | null
  maxDownPayment: number | null
  financingType: FinancingType | null
}

const unique = <T>(values: T[]) => [...new Set(values)]
const clean = (text: string | null | undefined) => (text?.trim() ? text.trim() : null)

/**
 * One buyer's criteria from the documents as stored (parsed with the contract's schemas first; either may be
 * missing). The search radius counts only when both its ZIP code and its miles are set.
 */
export function criteriaFrom(buyBox: BuyBox | null, preferences: Preferences | null): BuyerCriteria {
  const radius: Radius | null =
    preferences?.radiusZip && preferences.radiusMiles
      ? { zipCode: preferences.radiusZip, miles: preferences.radiusMiles }
      : null
  return {
    dealType: buyBox && buyBox.type !== 'both' ? buyBox.type : null,
    zipCodes: unique([...(buyBox?.zipCodes ?? []), ...(preferences?.zipCodes ?? [])]),
    city: clean(preferences?.city),
    state: clean(preferences?.state)?.toUpperCase() ?? null,
    radius,
    propertyTypes: unique<PreferencePropertyType>([
      ...(buyBox?.propertyTypes ?? []),
      ...(preferences?.propertyTypes ?? []),
    ]),
    minPrice: buyBox?.minPrice ?? null,
    maxPrice: buyBox?.maxPrice ?? null,
    minBedrooms: preferences?.minBedrooms ?? null,
    minBathrooms: preferences?.minBathrooms ?? null,
    minSqft: preferences?.minSqft ?? null,
    minLotSize: preferences?.minLotSize ?? null,
    minYearBuilt: preferences?.minYearBuilt ?? null,
    minPropertyAge: preferences?.minPropertyAge ?? null,
    maxPropertyAge: preferences?.maxPropertyAge ?? null,
    excludeHoa: preferences?.excludeHoa ?? false,
    newConstructionOnly: preferences?.newConstructionOnly ?? false,
    propertyConditions: preferences?.propertyConditions ?? [],
    maxMonthlyPayment: preferences?.maxMonthlyPayment ?? null,
    maxDownPayment: preferences?.maxDownPayment ?? null,
    financingType: preferences?.financingType ?? null,
  }
}
