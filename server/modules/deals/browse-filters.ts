import { sql, type SQL } from 'drizzle-orm'
import type { Bbox, DealFilters } from '../../../src/contract'

/**
 * Who is browsing: favorites/interested views are theirs, and hidden addresses stay hidden from them unless
 * they have all access (admins and owners; not every privileged user: an originator sees only their own).
 */
export type Viewer = { id: string; hasAllAccess: boolean }

/**
 * Browse and map show what a buyer can still act on or watch: pending stays (marked "no new offers"),
 * sold, canceled and deleted never appear. The partial indexes of migration 0005 carry the same predicate,
 * so keep the two identical.
 */
export const VISIBLE = sql.raw(`d.status in ('active', 'exclusive', 'pending')`)

const MILES_PER_DEGREE = 69.0

/** "main st phoen" → `main:* & st:* & phoen:*`: every word, each as a prefix, tokens as 'simple' makes them. */
export function prefixQuery(q: string): string | null {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null
}

/**
 * The WHERE clause of browse, map and extent (the table is aliased `d`), from the filters as the contract
 * parses them (`DealFiltersSchema`, plus the area of browse's "search this area" or the map's viewport).
 * Build it once per request and hand it to every statement of that request. One SQL text per filter set
 * so the planner uses the indexes: equality and ranges on btree columns, `@>` on the tags GIN index, the
 * search vector's GIN index for words, and a bounding box before the exact haversine distance.
 */
export function filterConditions(filters: DealFilters & { bbox?: Bbox }, viewer: Viewer): SQL {
  const parts: SQL[] = [VISIBLE]
  const query = filters.q ? prefixQuery(filters.q) : null
  if (query) {
    // The vector includes the street; a hidden address must not be findable by it (nor revealed by a
    // match), so for hidden listings other viewers only match on city and description, or the ZIP.
    const hiddenOk = viewer.hasAllAccess
      ? sql`true`
      : sql`(not d.hide_address or d.seller_id = ${viewer.id}
          or to_tsvector('simple'::regconfig, d.city || ' ' || d.deal_description) @@ to_tsquery('simple', ${query}))`
    parts.push(
      sql`((d.search_vector @@ to_tsquery('simple', ${query}) and ${hiddenOk}) or d.zip_code = ${filters.q!.trim()})`,
    )
  }
  if (filters.state) parts.push(sql`d.state = ${filters.state}`)
  if (filters.city) parts.push(sql`lower(d.city) = ${filters.city.toLowerCase()}`)
  if (filters.zipCode) parts.push(sql`d.zip_code = ${filters.zipCode}`)
  if (filters.dealCategory) parts.push(sql`d.deal_category = ${filters.dealCategory}`)
  if (filters.purchaseType.length) parts.push(sql`d.purchase_type in ${inList(filters.purchaseType)}`)
  if (filters.propertyType.length) parts.push(sql`d.property_type in ${inList(filters.propertyType)}`)
  if (filters.minPrice !== undefined) parts.push(sql`d.purchase_price >= ${filters.minPrice}`)
  if (filters.maxPrice !== undefined) parts.push(sql`d.purchase_price <= ${filters.maxPrice}`)
  if (filters.minBeds !== undefined) parts.push(sql`d.bedrooms >= ${filters.minBeds}`)
  if (filters.minBaths !== undefined) parts.push(sql`d.bathrooms >= ${filters.minBaths}`)
  if (filters.tags.length) parts.push(sql`d.tags @> ${textArray(filters.tags)}`)
  if (filters.bbox) parts.push(bboxCondition(filters.bbox))
  if (filters.radiusMiles !== undefined && filters.lat !== undefined && filters.lng !== undefined) {
    parts.push(radiusCondition(filters.lat, filters.lng, filters.radiusMiles))
  }
  if (filters.favorites) {
    parts.push(sql`exists (select 1 from deal_favorites f where f.deal_id = d.id and f.user_id = ${viewer.id})`)
  }
  if (filters.interested) {
    parts.push(sql`exists (select 1 from deal_interests i where i.deal_id = d.id and i.buyer_id = ${viewer.id})`)
  }
  return sql.join(parts, sql` and `)
}

export function bboxCondition({ west, south, east, north }: Bbox): SQL {
  const latitude = sql`d.latitude between ${south} and ${north}`
  // A viewport across the antimeridian (west > east) covers both ends of the longitude range.
  return west <= east
    ? sql`${latitude} and d.longitude between ${west} and ${east}`
    : sql`${latitude} and (d.longitude >= ${west} or d.longitude <= ${east})`
}

function radiusCondition(lat: number, lng: number, miles: number): SQL {
  const dLat = miles / MILES_PER_DEGREE
  const dLng = miles / (MILES_PER_DEGREE * Math.max(Math.cos((lat * Math.PI) / 180), 0.01))
  const box = bboxCondition({
    south: lat - dLat,
    north: lat + dLat,
    west: Math.max(lng - dLng, -180),
    east: Math.min(lng + dLng, 180),
  })
  // Haversine on a 3958.8-mile Earth; the box above lets the lat/lng index do the narrowing first.
  return sql`${box} and 2 * 3958.8 * asin(sqrt(
    power(sin(radians(d.latitude - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(d.latitude)) * power(sin(radians(d.longitude - ${lng}) / 2), 2)
  )) <= ${miles}`
}

function inList(values: readonly string[]): SQL {
  return sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`
}

function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`
}
