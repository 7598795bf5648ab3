import { z } from 'zod'
import { BboxSchema } from './browse'
import { queryNumber, zipCodeField } from './fields'
import { CREDIT_SCORE_RANGES, FINANCING_TYPES, PREFERENCE_PROPERTY_TYPES } from './values'
import { RADIUS_MAX_MILES, withRadiusBothOrNeither } from './profile'

/**
 * Buyer demand for sellers (issue 26): where buyers want to buy (`GET /api/buyers/locations`), who they are
 * (`GET /api/buyers/analytics`), and a ZIP code's demand for anyone (`GET /api/analytics/zip-analytics/{zip}`).
 * Never a buyer's own row: a ZIP or a group of fewer than BUYER_CELL_MINIMUM buyers is left out, an average
 * over fewer than ZIP_AVERAGE_MINIMUM buyers is not given.
 */
export const BUYER_CELL_MINIMUM = 3
export const ZIP_AVERAGE_MINIMUM = 5

/** A buyer's budget (buy box top price, else pre-approved amount) by bucket: up to $500K … $3M, then above. */
export const BUYER_PRICE_BUCKETS = ['to500k', 'to1m', 'to1_5m', 'to2m', 'to3m', 'over3m'] as const
export type BuyerPriceBucket = (typeof BUYER_PRICE_BUCKETS)[number]
const BUCKET_TOPS: Record<Exclude<BuyerPriceBucket, 'over3m'>, number> = {
  to500k: 500_000,
  to1m: 1_000_000,
  to1_5m: 1_500_000,
  to2m: 2_000_000,
  to3m: 3_000_000,
}
export function priceBucketOf(price: number | null | undefined): BuyerPriceBucket | null {
  if (price === null || price === undefined) return null
  for (const [bucket, top] of Object.entries(BUCKET_TOPS)) if (price <= top) return bucket as BuyerPriceBucket
  return 'over3m'
}

/** Bed and bath filters: buyers who want at least 1+ … 4+. */
export const ROOM_MINIMUMS = [1, 2, 3, 4] as const
const rooms = queryNumber(z.number().int().min(1).max(4)).optional()

/** The filters both buyer endpoints share; the radius (miles around a ZIP code's centre) is both or neither. */
const filterShape = {
  priceBucket: z.enum(BUYER_PRICE_BUCKETS).optional(),
  minBeds: rooms,
  minBaths: rooms,
  financingType: z.enum(FINANCING_TYPES).optional(),
  radiusZip: zipCodeField.optional(),
  radiusMiles: queryNumber(z.number().int().min(1).max(RADIUS_MAX_MILES)).optional(),
}
export const BuyerFiltersSchema = withRadiusBothOrNeither(z.object(filterShape))
export type BuyerFilters = z.output<typeof BuyerFiltersSchema>

/** `GET /api/buyers/locations`: the filters, the viewport and its zoom. */
export const BuyerLocationsQuerySchema = withRadiusBothOrNeither(
  z.object({ ...filterShape, bbox: BboxSchema, zoom: queryNumber(z.number().int().min(0).max(22)) }),
)
export type BuyerLocationsQuery = z.output<typeof BuyerLocationsQuerySchema>

const BuyerZipSchema = z.object({
  zipCode: z.string(),
  city: z.string(),
  state: z.string(),
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
})
export type BuyerZip = z.infer<typeof BuyerZipSchema>

/**
 * Markers clustered on the server as the browse map's are (every marker is a count of buyers; a ZIP is never
 * a point), the ZIPs in view with the most buyers first (at most BUYER_ZIP_LIST), and how many buyers are in view.
 */
export const BUYER_ZIP_LIST = 50
export const BuyerLocationsSchema = z.object({
  clusters: z.array(z.object({ lat: z.number(), lng: z.number(), count: z.number().int() })),
  points: z.array(z.never()),
  zips: z.array(BuyerZipSchema),
  total: z.number().int(),
})
export type BuyerLocations = z.infer<typeof BuyerLocationsSchema>

const groups = <T extends z.ZodType<string>>(key: T) => z.array(z.object({ key, count: z.number().int() }))

/** Buyers by state, price bucket, financing type, credit range and property type; groups under 3 left out. */
export const BuyerAnalyticsSchema = z.object({
  total: z.number().int(),
  byState: groups(z.string()),
  byPriceBucket: groups(z.enum(BUYER_PRICE_BUCKETS)),
  byFinancingType: groups(z.enum(FINANCING_TYPES)),
  byCreditRange: groups(z.enum(CREDIT_SCORE_RANGES)),
  byPropertyType: groups(z.enum(PREFERENCE_PROPERTY_TYPES)),
})
export type BuyerAnalytics = z.infer<typeof BuyerAnalyticsSchema>

/** `GET /api/analytics/zip-analytics/{zip}`: optionally the same figures for the ZIPs within a radius. */
export const ZipAnalyticsQuerySchema = z.object({
  radiusMiles: queryNumber(z.number().int().min(1).max(RADIUS_MAX_MILES)).optional(),
})
export const ZipAnalyticsParamsSchema = z.object({ zip: zipCodeField })

/** Averages are null when fewer than ZIP_AVERAGE_MINIMUM buyers gave the figure. */
const DemandSchema = z.object({
  buyerCount: z.number().int(),
  avgDownPayment: z.number().nullable(),
  avgMonthlyPayment: z.number().nullable(),
  lastUpdated: z.string().nullable(),
})
export type ZipDemand = z.infer<typeof DemandSchema>

export const ZipAnalyticsSchema = DemandSchema.extend({
  zipCode: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  radius: DemandSchema.extend({ miles: z.number().int(), zipCount: z.number().int() }).nullable(),
  listings: z.object({
    count: z.number().int(),
    medianPrice: z.number().nullable(),
    medianEntryFee: z.number().nullable(),
  }),
})
export type ZipAnalytics = z.infer<typeof ZipAnalyticsSchema>
