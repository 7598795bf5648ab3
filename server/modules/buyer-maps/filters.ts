import { sql, type SQL } from 'drizzle-orm'
import { BUYER_CELL_MINIMUM, type BuyerFilters } from '../../../src/contract'
import { zipCentre } from '../matching/geo'
import { zipsWithinReach } from '../matching/radius-zips'

/** The ZIP codes whose centre lies within `miles` of a ZIP code's centre (itself included); empty if unknown. */
export function zipsWithin(zipCode: string, miles: number): string[] {
  const centre = zipCentre(zipCode)
  if (!centre) return [zipCode]
  return zipsWithinReach(centre)
    .filter((zip) => zip.miles <= miles)
    .map((zip) => zip.zipCode)
}

/** The radius's ZIP codes, or null when the filters name no radius. */
export const radiusZips = (filters: BuyerFilters): string[] | null =>
  filters.radiusZip && filters.radiusMiles ? zipsWithin(filters.radiusZip, filters.radiusMiles) : null

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`
export { textArray }

/**
 * Which `buyer_demand d` rows count, narrowed by the filters. A bed or bath filter of N+ keeps buyers who want
 * at least N. Every account with a saved buy box or preferences counts (a deactivated one too: joining the
 * accounts made each call several times slower at 100,000 buyers).
 */
export function demandWhere(filters: BuyerFilters, zips: string[] | null): SQL {
  const conditions: SQL[] = [sql`true`]
  if (filters.priceBucket) conditions.push(sql`d.price_bucket = ${filters.priceBucket}`)
  if (filters.minBeds) conditions.push(sql`d.min_beds >= ${filters.minBeds}`)
  if (filters.minBaths) conditions.push(sql`d.min_baths >= ${filters.minBaths}`)
  if (filters.financingType) conditions.push(sql`d.financing_type = ${filters.financingType}`)
  if (zips) conditions.push(zips.length ? sql`d.zip_codes && ${textArray(zips)}` : sql`false`)
  return sql.join(conditions, sql` and `)
}

/** Groups smaller than this are never answered: a count of one or two would point at a person. */
export const HAVING_ENOUGH = sql.raw(`having count(*) >= ${BUYER_CELL_MINIMUM}`)
