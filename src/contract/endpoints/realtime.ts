import { endpoint } from '../endpoint'
import { PusherAuthInputSchema, PusherAuthSchema, RealtimeConfigSchema } from '../realtime'

export const realtimeEndpoints = {
  /** How the SPA connects to the realtime socket (the key is public, as Pusher keys are). */
  realtimeConfig: endpoint({
    method: 'GET',
    path: '/api/config/realtime',
    auth: 'public',
    responses: { 200: RealtimeConfigSchema },
  }),
  /** Called by pusher-js itself: signs the caller's own `private-user-<id>` only (403 for any other). */
  pusherAuth: endpoint({
    method: 'POST',
    path: '/api/pusher/auth',
    auth: 'user',
    formEncoded: true,
    body: PusherAuthInputSchema,
    responses: { 200: PusherAuthSchema },
  }),
} as const
