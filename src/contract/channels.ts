import { z } from 'zod'
import { isoDate, URL_MAX } from './fields'

/**
 * Alert channels beyond mail (issue 25): the SMS outbox the dev tools show, and browser push subscriptions.
 */

/** `GET /api/dev/sms-outbox` (one-machine setups only, like the mail outbox): texts, newest first. */
export const OutboxTextSchema = z.object({
  id: z.string(),
  to: z.string(),
  text: z.string(),
  /** queued → sent, or failed after its retries; `recorded` when no SMS provider is configured. */
  state: z.enum(['queued', 'sent', 'failed', 'recorded']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** Quiet hours: not sent before this moment. */
  notBefore: isoDate.nullable(),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
})
export const SmsOutboxSchema = z.object({ texts: z.array(OutboxTextSchema) })
export const SmsOutboxQuerySchema = z.object({
  /** An E.164 number (+15551234567). */
  to: z.string().trim().max(20).optional(),
})

/** The server's VAPID public key (base64url), what `pushManager.subscribe` takes as applicationServerKey. */
export const PushKeySchema = z.object({ publicKey: z.string() })

// A P-256 public key is 65 bytes (87 base64url characters), the auth secret 16 (22): a little room either way.
const base64Url = (max: number) =>
  z
    .string()
    .trim()
    .min(16, { error: 'validation:pushKeyInvalid' })
    .max(max, { error: 'validation:pushKeyInvalid' })
    .regex(/^[\w-]+=*$/, { error: 'validation:pushKeyInvalid' })

/**
 * A browser's subscription as `PushSubscription.toJSON()` gives it. The endpoint must be https; the server
 * also takes http on a loopback address outside production (a test's or a developer's local receiver).
 */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z
    .string()
    .trim()
    .max(URL_MAX, { error: 'validation:urlTooLong' })
    .refine((value) => z.url({ protocol: /^https?$/ }).safeParse(value).success, { error: 'validation:invalidUrl' }),
  keys: z.object({ p256dh: base64Url(120), auth: base64Url(40) }),
})
export type PushSubscriptionInput = z.input<typeof PushSubscriptionInputSchema>

export const PushSubscriptionSchema = z.object({ id: z.string(), endpoint: z.string(), createdAt: isoDate })
export type PushSubscriptionView = z.infer<typeof PushSubscriptionSchema>

/** Which subscription `DELETE /api/push/subscription` removes: the browser's own endpoint. */
export const PushSubscriptionQuerySchema = z.object({ endpoint: z.string().trim().min(1).max(URL_MAX) })
