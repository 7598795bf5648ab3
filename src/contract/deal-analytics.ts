import { z } from 'zod'

/**
 * A listing's analytics for its seller, admins and owners (issue 26): the funnel by day and by week, the
 * conversion from each step to the next, the priority notification, and how the listing compares with
 * similar live listings (same property type) in its ZIP and its state. The page shows matching buyers per
 * score band beside them from `GET /api/deals/:id/match-bands`.
 */

/** The funnel's steps in order; each step's conversion is its count over the previous step's. */
export const FUNNEL_STEPS = ['views', 'favorites', 'interests', 'offers', 'conversations'] as const
export type FunnelStep = (typeof FUNNEL_STEPS)[number]

/** How far back the series go: days (today included) and weeks (Monday to Sunday, this week included). */
export const ANALYTICS_DAYS = 30
export const ANALYTICS_WEEKS = 12

const count = z.number().int().nonnegative()

export const FunnelCountsSchema = z.object({
  /** Signed-in visitors per day, summed (one per visitor per day; the seller's own visits not counted). */
  views: count,
  /** Buyers who have the listing among their favorites now. */
  favorites: count,
  /** Buyers who expressed interest. */
  interests: count,
  /** Buyers who made an offer (a replaced offer counts once). */
  offers: count,
  /** Conversations buyers started about the listing. */
  conversations: count,
})
export type FunnelCounts = z.infer<typeof FunnelCountsSchema>

/** One point of a series: `start` is the day, or the Monday a week starts (YYYY-MM-DD, UTC). */
export const SeriesPointSchema = FunnelCountsSchema.extend({ start: z.string() })
export type SeriesPoint = z.infer<typeof SeriesPointSchema>

/** Medians of similar live listings (same property type, this one left out); null when there is none. */
export const MarketComparisonSchema = z.object({
  listings: count,
  medianDaysListed: z.number().nullable(),
  medianPrice: z.number().nullable(),
  medianEntryFee: z.number().nullable(),
})
export type MarketComparison = z.infer<typeof MarketComparisonSchema>

export const DealAnalyticsSchema = z.object({
  dealId: z.string(),
  /** The listing's address, in full: only those who manage it read its analytics. */
  address: z.object({ streetAddress: z.string(), city: z.string(), state: z.string(), zipCode: z.string() }),
  totals: FunnelCountsSchema,
  /** From each step to the next (`favorites` = favorites / views …); null when the previous step is 0. */
  conversion: z.object({
    favorites: z.number().nullable(),
    interests: z.number().nullable(),
    offers: z.number().nullable(),
    conversations: z.number().nullable(),
  }),
  daily: z.array(SeriesPointSchema),
  weekly: z.array(SeriesPointSchema),
  priorityNotification: z.object({ count, sentAt: z.string().nullable() }),
  comparison: z.object({
    listing: z.object({
      daysListed: z.number(),
      price: z.number().nullable(),
      entryFee: z.number().nullable(),
    }),
    zip: MarketComparisonSchema.extend({ zipCode: z.string() }),
    state: MarketComparisonSchema.extend({ state: z.string() }),
  }),
})
export type DealAnalytics = z.infer<typeof DealAnalyticsSchema>
