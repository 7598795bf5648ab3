import { endpoint } from '../endpoint'
import {
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookSecretSchema,
  WebhookSettingsInputSchema,
  WebhookSettingsSchema,
} from '../webhooks'

/**
 * The offer webhook of the caller (sellers; admins and owners pass the role check): each endpoint reads or
 * changes the caller's own settings only.
 */
export const webhookEndpoints = {
  getWebhookSettings: endpoint({
    method: 'GET',
    path: '/api/profile/webhook',
    auth: 'user',
    roles: ['originator'],
    responses: { 200: WebhookSettingsSchema },
  }),
  /** 400 with `fields.url` when the URL may not receive webhooks (scheme, private or unresolvable address). */
  updateWebhookSettings: endpoint({
    method: 'PUT',
    path: '/api/profile/webhook',
    auth: 'user',
    roles: ['originator'],
    body: WebhookSettingsInputSchema,
    responses: { 200: WebhookSettingsSchema },
  }),
  /** A new signing secret (the old one stops at once), returned this once. */
  rotateWebhookSecret: endpoint({
    method: 'POST',
    path: '/api/profile/webhook/secret',
    auth: 'user',
    roles: ['originator'],
    responses: { 201: WebhookSecretSchema },
  }),
  /** Queues a signed `webhook.test` event; 409 `webhook_not_ready` without a URL and a secret. */
  sendWebhookTest: endpoint({
    method: 'POST',
    path: '/api/profile/webhook/test',
    auth: 'user',
    roles: ['originator'],
    responses: { 202: WebhookDeliverySchema },
  }),
  /** The last 20 deliveries, newest first. */
  listWebhookDeliveries: endpoint({
    method: 'GET',
    path: '/api/profile/webhook/deliveries',
    auth: 'user',
    roles: ['originator'],
    responses: { 200: WebhookDeliveryListSchema },
  }),
} as const
