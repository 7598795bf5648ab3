import { z } from 'zod'
import { isoDate } from './fields'
import { ListingStatusSchema } from './values'

/*
 * The hybrid dashboard (spec §2 /dashboard). Buying mode reads the buyer's favorites, interests, offers and
 * conversations from their own endpoints; selling mode reads My listings and, from here, what is new on the
 * seller's listings since their last visit. A visit starts once per browser session (the SPA's dashboard
 * fetch attempt marker, spec §3); the visit before it is the "since" of what is new.
 */

/** What arrived on one of the seller's listings since the last visit. */
export const DealNewsSchema = z.object({
  dealId: z.string(),
  /** The listing as its seller sees it (the street even when hidden from buyers). */
  streetAddress: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  status: ListingStatusSchema,
  /** Buyers who expressed interest (or sent their interest again). */
  interests: z.number().int().nonnegative(),
  /** Offers made (withdrawn ones included: the seller may have seen them arrive). */
  offers: z.number().int().nonnegative(),
  /** Messages from buyers in conversations about the listing. */
  messages: z.number().int().nonnegative(),
})
export type DealNews = z.infer<typeof DealNewsSchema>

export const DashboardNewsSchema = z.object({
  /** The start of the previous visit; null on the first visit ever (then everything so far is new). */
  since: isoDate.nullable(),
  /** Totals over the seller's live listings. */
  interests: z.number().int().nonnegative(),
  offers: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
  /** Only listings with something new, most recent news first. */
  deals: z.array(DealNewsSchema),
})
export type DashboardNews = z.infer<typeof DashboardNewsSchema>
