import { z } from 'zod'
import { NOTIFICATION_CHANNELS } from './values'

/** `?token=`: an unsubscribe link's signed token (user, channel, and the saved search when one alerted). */
export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(2000) })

/**
 * The one-click body (RFC 8058): a mail client posts `List-Unsubscribe=One-Click` form-encoded; the
 * unsubscribe page posts an empty JSON object.
 */
export const UnsubscribeInputSchema = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() })

/** What an unsubscribe link turns off: a channel of the buyer's alerts, or of one of their saved searches. */
export const UnsubscribeTargetSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  /** The saved search's name when the link came from one; null for the buy box and preferences' alerts. */
  savedSearchName: z.string().nullable(),
})
export type UnsubscribeTarget = z.infer<typeof UnsubscribeTargetSchema>

export const UnsubscribeResultSchema = UnsubscribeTargetSchema.extend({ unsubscribed: z.literal(true) })
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>

/** `POST /api/dev/alert-digests` (embedded mode only): one buyer's pending digests, sent now. */
export const DevDigestInputSchema = z.object({ email: z.email() })
export const DevDigestResultSchema = z.object({ sent: z.number().int().nonnegative() })
