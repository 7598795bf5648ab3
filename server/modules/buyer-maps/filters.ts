import { BUYER_CELL_MINIMUM, type BuyerFilters } from '../../../src/contract'
import { financingDictionary, priceDictionary, zipDictionary, type DemandColumns } from './columns'
import { zipsWithin } from './radius'

/** The radius's ZIP codes, or null when the filters name no radius. */
export const radiusZips = (filters: BuyerFilters): Set<string> | null =>
  filters.radiusZip && filters.radiusMiles ? zipsWithin(filters.radiusZip, filters.radiusMiles) : null

/** A set of ZIP codes as a flag per ZIP id (a code no buyer named has no id, and no buyer to count). */
export function zipFlags(zips: Set<string>): Uint8Array {
  const flags = new Uint8Array(zipDictionary.names.length)
  for (const zip of zips) {
    const id = zipDictionary.find(zip)
    if (id >= 0) flags[id] = 1
  }
  return flags
}

/**
 * The slots of the live buyers who count under the filters and, with `zips`, name any of those ZIP codes. A bed
 * or bath filter of N+ keeps buyers who want at least N. Every active account with a saved buy box or
 * preferences counts (a deactivated one does not; see snapshot.ts).
 */
export function matchingSlots(columns: DemandColumns, filters: BuyerFilters, zips: Uint8Array | null): Int32Array {
  const price = filters.priceBucket ? priceDictionary.find(filters.priceBucket) : null
  const financing = filters.financingType ? financingDictionary.find(filters.financingType) : null
  const beds = filters.minBeds || null
  const baths = filters.minBaths || null
  const { live, pool, zipStart, zipCount } = columns
  const slots = new Int32Array(columns.size)
  let found = 0
  for (let slot = 0; slot < columns.size; slot++) {
    if (!live[slot]) continue
    if (price !== null && columns.price[slot] !== price) continue
    if (beds !== null && !(columns.minBeds[slot]! >= beds)) continue
    if (baths !== null && !(columns.minBaths[slot]! >= baths)) continue
    if (financing !== null && columns.financing[slot] !== financing) continue
    if (zips) {
      let named = false
      for (let at = zipStart[slot]!, end = at + zipCount[slot]!; at < end && !named; at++) named = zips[pool[at]!] === 1
      if (!named) continue
    }
    slots[found++] = slot
  }
  return slots.subarray(0, found)
}

/** Groups smaller than this are never answered: a count of one or two would point at a person. */
export const enough = (count: number) => count >= BUYER_CELL_MINIMUM
