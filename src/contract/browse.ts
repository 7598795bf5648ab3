import { z } from 'zod'
import { DECIMAL, decimalText, queryFlag as flag, queryNumber, stateField, zipCodeField } from './fields'
import { DEAL_SORTS, DealCategorySchema, PROPERTY_TYPES, PURCHASE_TYPES, USER_TAGS } from './values'

/*
 * The browse filters (spec §2 /deals), all held in the URL, decided here once. Each field is a zod codec
 * between its wire form (the text of a query string) and its value: the server parses a request with it,
 * the SPA reads the address bar with its lenient variant (`BrowseUrlSchema`) and writes the API's query
 * back with `z.encode` (`browseQuery`, `mapQuery`, `extentQuery`), and the same parsed value feeds the SQL
 * builder and `activeFilterCount`.
 */

/** A query key that may repeat (`tags=a&tags=b`): one value or several on the wire, a list once parsed. */
const list = <const Values extends readonly [string, ...string[]]>(values: Values) => {
  const item = z.enum(values)
  return z.codec(z.union([z.string(), z.array(z.string())]), z.array(item), {
    decode: (value) => (Array.isArray(value) ? value : [value]),
    encode: (value) => value,
  })
}

/** Free text; blank is no filter at all. */
const text = (max: number) =>
  z.codec(z.string(), z.string().max(max).optional(), {
    decode: (value) => value.trim() || undefined,
    encode: (value) => value ?? '',
  })

const BBOX_TEXT = new RegExp(`^${DECIMAL}(?:,${DECIMAL}){3}$`)
const BoundsSchema = z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() })
export type Bbox = z.output<typeof BoundsSchema>

/** A box `west,south,east,north` in degrees on the wire. */
export const BboxSchema = z.codec(z.string().regex(BBOX_TEXT, { error: 'validation:invalidFormat' }), BoundsSchema, {
  decode: (value) => {
    const [west, south, east, north] = value.split(',').map(Number) as [number, number, number, number]
    return { west, south, east, north }
  },
  encode: ({ west, south, east, north }) => [west, south, east, north].map(decimalText).join(','),
})

const amount = () => queryNumber(z.number().nonnegative()).optional()

/** What narrows the matches: each counts in "Filters (3)" and "Clear filters" clears it. */
const narrowing = {
  q: text(200).optional(),
  state: stateField.optional(),
  city: text(100).optional(),
  zipCode: zipCodeField.optional(),
  dealCategory: DealCategorySchema.optional(),
  purchaseType: list(PURCHASE_TYPES).default([]),
  propertyType: list(PROPERTY_TYPES).default([]),
  minPrice: amount(),
  maxPrice: amount(),
  minBeds: amount(),
  minBaths: amount(),
  tags: list(USER_TAGS).default([]),
  /** Within `radiusMiles` of `lat`,`lng` (one filter: it applies when all three are given). */
  radiusMiles: queryNumber(z.number().positive().max(500)).optional(),
  lat: queryNumber(z.number().min(-90).max(90)).optional(),
  lng: queryNumber(z.number().min(-180).max(180)).optional(),
}

/** Whose listings: the viewer's favorites or the ones they expressed interest in (the page's views). */
const views = {
  favorites: flag.optional(),
  interested: flag.optional(),
}

/**
 * A saved search's filters (issue 25): what narrows browse, without the viewer's own views. Stored encoded
 * (`z.encode`, the query string's values) and read back with this schema, like a shared browse link.
 */
export const SavedSearchFiltersSchema = z.object(narrowing)
export type SavedSearchFilters = z.output<typeof SavedSearchFiltersSchema>

/** The filters browse, map and extent share (`GET /api/deals/map/extent` takes exactly these). */
export const DealFiltersSchema = z.object({ ...narrowing, ...views })
export type DealFilters = z.output<typeof DealFiltersSchema>

const positiveInteger = () => queryNumber(z.number().int().positive())

/** `GET /api/deals`: the filters, a "search this area" box, the sort and the page. */
export const DealsQuerySchema = DealFiltersSchema.extend({
  bbox: BboxSchema.optional(),
  sort: z.enum(DEAL_SORTS).default('newest'),
  page: positiveInteger().default(1),
  pageSize: queryNumber(z.number().int().positive().max(100)).default(20),
})
export type DealsQuery = z.output<typeof DealsQuerySchema>

/** `GET /api/deals/map`: the filters, the viewport and its zoom. */
export const DealsMapQuerySchema = DealFiltersSchema.extend({
  bbox: BboxSchema,
  zoom: queryNumber(z.number().int().min(0).max(22)),
})
export type DealsMapQuery = z.output<typeof DealsMapQuerySchema>

/** The keys "Clear filters" removes from the URL: what narrows the matches, and the area. */
export const BROWSE_FILTER_KEYS = [
  ...(Object.keys(narrowing) as (keyof typeof narrowing)[]),
  'bbox',
] as const satisfies readonly (keyof DealsQuery)[]
export type BrowseFilterKey = (typeof BROWSE_FILTER_KEYS)[number]

/** The radius filter's parts, counted as one filter. */
const RADIUS_PARTS: readonly BrowseFilterKey[] = ['radiusMiles', 'lat', 'lng']

/**
 * How many filters narrow the results (the mobile "Filters (3)" button, the "clear filters" offer): one per
 * value given, one per item of a list, one for a radius; the view (favorites, interested) is not a filter.
 */
export function activeFilterCount(filters: Partial<Pick<DealsQuery, BrowseFilterKey>>): number {
  let count = 0
  for (const key of BROWSE_FILTER_KEYS) {
    const value = filters[key]
    if (RADIUS_PARTS.includes(key)) continue
    count += Array.isArray(value) ? value.length : value === undefined ? 0 : 1
  }
  const { radiusMiles, lat, lng } = filters
  return count + (radiusMiles !== undefined && lat !== undefined && lng !== undefined ? 1 : 0)
}

/**
 * The lenient twin of a query schema, for reading what a person may have typed or kept in an old link:
 * a value a field refuses is dropped (the field's default, or nothing) instead of failing the whole read,
 * and a repeated key keeps the values its field accepts (`tags=wholesale&tags=nope` → `['wholesale']`).
 */
export function lenient<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      const missing = z.safeParse(field, undefined)
      const fallback = missing.success ? missing.data : undefined
      const kept = z
        .preprocess(
          (value) => (Array.isArray(value) ? value.filter((item) => z.safeParse(field, [item]).success) : value),
          field,
        )
        .catch(() => fallback)
      return [key, kept]
    }),
  )
  // Each field parses to what it did, or to its own value for "not given": the same output type.
  return z.object(shape) as unknown as z.ZodType<z.output<z.ZodObject<S>>, Record<string, unknown>>
}

/** What the SPA reads from `/deals?…`: browse's query, but a bad value is dropped, never an error page. */
export const BrowseUrlSchema = lenient(DealsQuerySchema.omit({ pageSize: true }))
export type BrowseUrl = z.output<typeof BrowseUrlSchema>

/** The query of `GET /api/deals` for these values, as its query string carries it. */
export const browseQuery = (value: z.output<typeof DealsQuerySchema>) => z.encode(DealsQuerySchema, value)
/** The query of `GET /api/deals/map`. */
export const mapQuery = (value: z.output<typeof DealsMapQuerySchema>) => z.encode(DealsMapQuerySchema, value)
/** The query of `GET /api/deals/map/extent`. */
export const extentQuery = (value: z.output<typeof DealFiltersSchema>) => z.encode(DealFiltersSchema, value)
