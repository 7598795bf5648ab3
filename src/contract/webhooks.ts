import { z } from 'zod'

/*
 * The offer webhook (issue 11): a seller's endpoint told of `offer.created` and `offer.accepted`, signed by the
 * Standard Webhooks scheme. The signing secret is shown once, when it is made; afterwards only whether one exists.
 */

export const WEBHOOK_EVENT_TYPES = ['offer.created', 'offer.accepted', 'webhook.test'] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const
/** Why the last attempt failed, when it did without an HTTP status (or with a redirect, which is not followed). */
export const WEBHOOK_ERRORS = [
  'timeout',
  'network',
  'address_refused',
  'redirect',
  'http_status',
  'invalid_url',
] as const
export type WebhookError = (typeof WEBHOOK_ERRORS)[number]
export const WEBHOOK_URL_MAX = 2000

export const WebhookSettingsSchema = z.object({
  enabled: z.boolean(),
  url: z.string().nullable(),
  /** Whether a signing secret exists (the secret itself is never read back). */
  hasSecret: z.boolean(),
  secretCreatedAt: z.string().nullable(),
})
export type WebhookSettings = z.infer<typeof WebhookSettingsSchema>

/**
 * Turn the webhook on or off and set where it goes. A URL is checked when saved (https only outside
 * development; never a private, loopback, link-local or metadata address, after DNS): `fields.url` says why not.
 * Enabling needs a URL (`validation:webhookUrlRequired`).
 */
export const WebhookSettingsInputSchema = z
  .object({
    enabled: z.boolean(),
    url: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value) || null,
      z.string().max(WEBHOOK_URL_MAX, { error: 'validation:webhookUrlInvalid' }).nullable(),
    ),
  })
  .superRefine((input, ctx) => {
    if (input.enabled && !input.url) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'validation:webhookUrlRequired' })
    }
  })
export type WebhookSettingsInput = z.input<typeof WebhookSettingsInputSchema>

/** The new signing secret, `whsec_` and base64: shown this once. */
export const WebhookSecretSchema = z.object({ secret: z.string(), secretCreatedAt: z.string() })
export type WebhookSecret = z.infer<typeof WebhookSecretSchema>

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header, the same on every attempt. */
  eventId: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  url: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.enum(WEBHOOK_ERRORS).nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
})
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>
export const WebhookDeliveryListSchema = z.object({ items: z.array(WebhookDeliverySchema) })
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>
