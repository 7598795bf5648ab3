import { z } from 'zod'
import { DealSummarySchema, MATCHING_STATES } from './deals'
import { MatchScoreSchema } from './matching'

/**
 * Where buyers and sellers see matching (issue 25): a listing's full match for the signed-in buyer, the
 * buying dashboard's best new matches, and a seller's count of matching buyers per score band.
 */

/** `GET /api/deals/:id/match`: every reason for the viewer; null with `matching` saying why. */
export const DealMatchSchema = z.object({
  matching: z.enum(MATCHING_STATES),
  match: MatchScoreSchema.nullable(),
})
export type DealMatch = z.infer<typeof DealMatchSchema>

/** The score bands a seller sees, highest first (inclusive bounds). Below the last band is not a match. */
export const MATCH_BANDS = [
  { min: 80, max: 100 },
  { min: 60, max: 79 },
  { min: 40, max: 59 },
] as const

/** `GET /api/deals/:id/match-bands`: how many buyers fall in each band, never who. */
export const MatchBandsSchema = z.object({
  bands: z.array(z.object({ min: z.number().int(), max: z.number().int(), count: z.number().int().nonnegative() })),
  /** Buyers with a buy box or preferences for this listing's place who were scored. */
  scoredBuyers: z.number().int().nonnegative(),
})
export type MatchBands = z.infer<typeof MatchBandsSchema>

/** The buying dashboard's window: listings published in the last this-many days. */
export const BEST_NEW_MATCHES_DAYS = 14
export const BEST_NEW_MATCHES_LIMIT = 5

/** `GET /api/dashboard/best-matches`: the buyer's top scored new listings, each with its top reason. */
export const BestNewMatchesSchema = z.object({
  matching: z.enum(MATCHING_STATES),
  days: z.number().int().positive(),
  items: z.array(DealSummarySchema),
})
export type BestNewMatches = z.infer<typeof BestNewMatchesSchema>
