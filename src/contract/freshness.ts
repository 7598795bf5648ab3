import { z } from 'zod'
import { isoDate, strictNumber } from './fields'

/*
 * Listing freshness (issue 25): a listing its seller has not edited or confirmed for `listingStaleAfterDays`
 * shows "Not updated in N days" to buyers and its seller is reminded; still unconfirmed
 * `listingCancelAfterDays` after that reminder, it is canceled by the system.
 */

const days = () => strictNumber().int().min(1).max(365)

export const ListingFreshnessSettingsSchema = z.object({
  listingStaleAfterDays: days(),
  listingCancelAfterDays: days(),
})
export type ListingFreshnessSettings = z.infer<typeof ListingFreshnessSettingsSchema>

/** The one-click "Still available" link's token (from the reminder mail). */
export const ListingConfirmTokenSchema = z.object({
  token: z.string({ error: 'validation:required' }).min(1, { error: 'validation:required' }).max(200),
})

/** A confirmed listing: which one and since when it counts as fresh again. */
export const ListingConfirmationSchema = z.object({
  dealId: z.string(),
  confirmedAt: isoDate,
})
export type ListingConfirmation = z.infer<typeof ListingConfirmationSchema>

/** How many days ago a listing was last confirmed, when that is at least the stale period; else null. */
export function staleDaysOf(confirmedAt: Date, staleAfterDays: number, now: Date): number | null {
  const elapsed = Math.floor((now.getTime() - confirmedAt.getTime()) / 86_400_000)
  return elapsed >= staleAfterDays ? elapsed : null
}
