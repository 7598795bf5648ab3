import { atLeast, known, verdict, type Check } from './judge'

export const SQFT_PER_ACRE = 43_560

/** A listing built this year or last counts as new construction. */
export const NEW_CONSTRUCTION_YEARS = 1

export const propertyType: Check = ({ listing, buyer }) => {
  if (buyer.propertyTypes.length === 0) return null
  const outcome = (buyer.propertyTypes as readonly string[]).includes(listing.propertyType) ? 'match' : 'miss'
  return verdict('propertyType', outcome, { propertyType: listing.propertyType })
}

export const bedrooms: Check = ({ listing, buyer }) =>
  atLeast('bedrooms', listing.bedrooms, buyer.minBedrooms, 'bedrooms')

export const bathrooms: Check = ({ listing, buyer }) =>
  atLeast('bathrooms', listing.bathrooms, buyer.minBathrooms, 'bathrooms')

export const squareFeet: Check = ({ listing, buyer }) =>
  atLeast('squareFeet', listing.squareFootage, buyer.minSqft, 'squareFeet')

/** The buyer's minimum is in square feet; a lot listed in acres is converted (1 acre = 43,560 sq ft). */
export const lotSize: Check = ({ listing, buyer }) => {
  const sqft =
    listing.lotSize === null
      ? null
      : listing.lotSizeUnit === 'acres'
        ? listing.lotSize * SQFT_PER_ACRE
        : listing.lotSize
  const judged = atLeast('lotSize', sqft, buyer.minLotSize, 'sqft')
  if (!judged || listing.lotSize === null) return judged
  return { ...judged, values: { ...judged.values, lotSize: listing.lotSize, unit: listing.lotSizeUnit } }
}

export const yearBuilt: Check = ({ listing, buyer }) =>
  atLeast('yearBuilt', listing.yearBuilt, buyer.minYearBuilt, 'yearBuilt')

/** The property's age in whole years (this year less the year built) within the buyer's bounds. */
export const age: Check = ({ listing, buyer, year }) => {
  const min = buyer.minPropertyAge !== null && buyer.minPropertyAge > 0 ? buyer.minPropertyAge : null
  const max = buyer.maxPropertyAge
  if (min === null && max === null) return null
  if (listing.yearBuilt === null) return verdict('age', 'unknown', known({ min, max }))
  const years = Math.max(0, year - listing.yearBuilt)
  const inside = (min === null || years >= min) && (max === null || years <= max)
  return verdict('age', inside ? 'match' : 'miss', known({ age: years, yearBuilt: listing.yearBuilt, min, max }))
}

/**
 * HOA exclusion. A listing states an HOA only by its monthly fee (positive when given): a listing without
 * one says it has none, as the deal calculator reads it (no fee in the monthly payment). So no fee is a
 * match, worded "No HOA fee listed" so the buyer sees what it rests on.
 */
export const hoa: Check = ({ listing, buyer }) => {
  if (!buyer.excludeHoa) return null
  const fee = listing.hoaMonthlyFee
  return fee === null || fee <= 0 ? verdict('hoa', 'match', {}) : verdict('hoa', 'miss', { hoaFee: fee })
}

export const newConstruction: Check = ({ listing, buyer, year }) => {
  if (!buyer.newConstructionOnly) return null
  if (listing.yearBuilt === null) return verdict('newConstruction', 'unknown', {})
  const outcome = listing.yearBuilt >= year - NEW_CONSTRUCTION_YEARS ? 'match' : 'miss'
  return verdict('newConstruction', outcome, { yearBuilt: listing.yearBuilt })
}

/** Listings do not state their condition yet: unknown until they do. */
export const condition: Check = ({ listing, buyer }) => {
  if (buyer.propertyConditions.length === 0) return null
  const stated = listing.propertyCondition ?? null
  if (stated === null) return verdict('condition', 'unknown', {})
  return verdict('condition', buyer.propertyConditions.includes(stated) ? 'match' : 'miss', { condition: stated })
}
