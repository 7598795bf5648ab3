import { z } from 'zod'
import { endpoint } from '../endpoint'
import {
  PushKeySchema,
  PushSubscriptionInputSchema,
  PushSubscriptionQuerySchema,
  PushSubscriptionSchema,
} from '../channels'

/**
 * Browser push (issue 25): the server's public key, and the caller's own subscriptions. A subscription
 * belongs to the user who saved it last from that browser; only they can remove it.
 */
export const pushEndpoints = {
  getPushKey: endpoint({
    method: 'GET',
    path: '/api/push/key',
    auth: 'user',
    responses: { 200: PushKeySchema },
  }),
  /**
   * Saves this browser's subscription for the caller (the same endpoint saved again replaces its keys and
   * owner). 400 with `fields.endpoint` when the endpoint may not receive pushes.
   */
  savePushSubscription: endpoint({
    method: 'PUT',
    path: '/api/push/subscription',
    auth: 'user',
    body: PushSubscriptionInputSchema,
    responses: { 200: PushSubscriptionSchema },
  }),
  /** Removes the caller's subscription with this endpoint; 404 when the caller has none with it. */
  deletePushSubscription: endpoint({
    method: 'DELETE',
    path: '/api/push/subscription',
    auth: 'user',
    query: PushSubscriptionQuerySchema,
    responses: { 200: z.object({ deleted: z.literal(true) }) },
  }),
} as const
