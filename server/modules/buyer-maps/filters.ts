import { BUYER_CELL_MINIMUM, type BuyerFilters } from '../../../src/contract'
import { zipCentre } from '../matching/geo'
import { zipsWithinReach } from '../matching/radius-zips'
import type { DemandRow } from './snapshot'

/** The ZIP codes whose centre lies within `miles` of a ZIP code's centre (itself included). */
export function zipsWithin(zipCode: string, miles: number): Set<string> {
  const centre = zipCentre(zipCode)
  if (!centre) return new Set([zipCode])
  return new Set(
    zipsWithinReach(centre)
      .filter((zip) => zip.miles <= miles)
      .map((zip) => zip.zipCode),
  )
}

/** The radius's ZIP codes, or null when the filters name no radius. */
export const radiusZips = (filters: BuyerFilters): Set<string> | null =>
  filters.radiusZip && filters.radiusMiles ? zipsWithin(filters.radiusZip, filters.radiusMiles) : null

/**
 * Whether a buyer counts under the filters (not yet the radius). A bed or bath filter of N+ keeps buyers who want
 * at least N. Every active account with a saved buy box or preferences counts (a deactivated one does not;
 * see snapshot.ts).
 */
export function matchesFilters(row: DemandRow, filters: BuyerFilters): boolean {
  if (filters.priceBucket && row.priceBucket !== filters.priceBucket) return false
  if (filters.minBeds && !(row.minBeds !== null && row.minBeds >= filters.minBeds)) return false
  if (filters.minBaths && !(row.minBaths !== null && row.minBaths >= filters.minBaths)) return false
  if (filters.financingType && row.financingType !== filters.financingType) return false
  return true
}

/** Whether a buyer names any of the ZIP codes (always, without a set). */
export const inZips = (row: DemandRow, zips: Set<string> | null) => !zips || row.zipCodes.some((zip) => zips.has(zip))

/** Groups smaller than this are never answered: a count of one or two would point at a person. */
export const enough = (count: number) => count >= BUYER_CELL_MINIMUM
