import { z } from 'zod'

/**
 * What pusher-js posts (form-encoded) to authorise a private channel subscription. pusher-js may add
 * other fields (its `params` option); they are ignored.
 */
export const PusherAuthInputSchema = z.object({
  /** Pusher's `<digits>.<digits>`, as the socket announced it in connection_established. */
  socket_id: z
    .string()
    .max(40)
    .regex(/^\d+\.\d+$/),
  /** Pusher's channel alphabet; only the caller's own `private-user-<id>` is ever signed. */
  channel_name: z
    .string()
    .max(164)
    .regex(/^[-a-zA-Z0-9_=@,.;]+$/),
})
export type PusherAuthInput = z.infer<typeof PusherAuthInputSchema>

/** Pusher's channel authorisation answer: `<key>:<hex HMAC-SHA256 of socket_id:channel_name>`. */
export const PusherAuthSchema = z.object({ auth: z.string() })
export type PusherAuth = z.infer<typeof PusherAuthSchema>

/**
 * How the SPA connects. `off`: poll only. `embedded`: the server's own Pusher-protocol socket on the
 * page's own origin (host, port and TLS from the page's address; `cluster` is any string then).
 * `pusher`: Pusher Channels in `cluster`, or the Pusher-protocol server at `host` (and `port`, else the
 * scheme's default), over TLS when `useTLS`.
 */
export const RealtimeConfigSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('off') }),
  z.object({ mode: z.literal('embedded'), key: z.string(), cluster: z.string() }),
  z.object({
    mode: z.literal('pusher'),
    key: z.string(),
    cluster: z.string(),
    host: z.string().optional(),
    port: z.number().int().min(1).max(65_535).optional(),
    useTLS: z.boolean(),
  }),
])
export type RealtimeConfig = z.infer<typeof RealtimeConfigSchema>
