import { endpoint } from '../endpoint'
import {
  DevDigestInputSchema,
  DevDigestResultSchema,
  UnsubscribeInputSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResultSchema,
  UnsubscribeTargetSchema,
} from '../alerts'

export const alertEndpoints = {
  /** What an unsubscribe link will turn off (the page shows it before the person confirms); no sign-in. */
  unsubscribeTarget: endpoint({
    method: 'GET',
    path: '/api/unsubscribe',
    auth: 'public',
    query: UnsubscribeQuerySchema,
    responses: { 200: UnsubscribeTargetSchema },
  }),
  /** One-click unsubscribe (RFC 8058 `List-Unsubscribe-Post`, or the page's button); no sign-in. */
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/unsubscribe',
    auth: 'public',
    formEncoded: true,
    query: UnsubscribeQuerySchema,
    body: UnsubscribeInputSchema,
    responses: { 200: UnsubscribeResultSchema },
  }),
  /** Development only, beside the outbox: a buyer's pending daily or weekly digest, sent now. */
  devAlertDigests: endpoint({
    method: 'POST',
    path: '/api/dev/alert-digests',
    auth: 'loopback',
    body: DevDigestInputSchema,
    responses: { 200: DevDigestResultSchema },
  }),
} as const
