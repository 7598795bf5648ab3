import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { RealtimeConfig } from '../../src/contract'

/**
 * The server's one way to push: `trigger(channel, event, data)`. Pushing is best effort (every
 * screen that listens also polls), so trigger never throws: a refused or failed push is logged and
 * answers false, and the request that caused it (already committed) still succeeds.
 */
export type Realtime = {
  readonly mode: RealtimeConfig['mode']
  /** Sends `data` (JSON, under 10 KB) as `event` to everyone subscribed to `channel`. */
  trigger(channel: string, event: string, data: unknown): Promise<boolean>
  /** The `auth` a client presents to subscribe `socketId` to a private `channel`: `<key>:<hex HMAC>`. */
  authorize(socketId: string, channel: string): string
  /** What the SPA needs to connect (GET /api/config/realtime). */
  readonly clientConfig: RealtimeConfig
  /**
   * Ends what a user's sockets hold, at once: `deactivated` closes them for good; `rolesChanged` makes them
   * reconnect and authorise every subscription again under the user's new roles. A subscription signed
   * for them before this call is refused. Best effort, like trigger: never throws.
   */
  disconnectUser(userId: string, reason: UserDisconnectReason): Promise<void>
  /** Closes every socket (embedded) so the HTTP server can stop; idempotent. */
  close(): Promise<void>
}

export type UserDisconnectReason = 'deactivated' | 'rolesChanged'

/** Pusher's limit for an event's data, kept for both services: events carry ids and previews only. */
export const MAX_EVENT_DATA_BYTES = 10 * 1024

/** Pusher's channel name alphabet and length limit. */
export const CHANNEL_NAME = /^[-a-zA-Z0-9_=@,.;]{1,164}$/
/** Pusher's event name limit; `pusher:` and `pusher_internal:` are the protocol's own. */
export const EVENT_NAME = /^(?!pusher[:_])[^\s]{1,200}$/

export const privateUserChannel = (userId: string) => `private-user-${userId}`

/** The user id in `private-user-<id>`, or null for any other channel. */
export function userOfChannel(channel: string): string | null {
  const match = /^private-user-(.+)$/.exec(channel)
  return match?.[1] ?? null
}

/** `<key>:<hex HMAC-SHA256(secret, socket_id:channel)>`, Pusher's private channel signature. */
export function signChannel(key: string, secret: string, socketId: string, channel: string): string {
  const hex = createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex')
  return `${key}:${hex}`
}

/** Compares a presented `auth` with the expected one in constant time (a plain === leaks the prefix). */
export function isValidSignature(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false
  const a = Buffer.from(presented)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The event's data as the JSON string Pusher carries, or null (logged) when the push is refused:
 * a bad channel or event name, data that is not JSON, or data over 10 KB.
 */
export function encodeEventData(log: FastifyBaseLogger, channel: string, event: string, data: unknown): string | null {
  if (!CHANNEL_NAME.test(channel) || !EVENT_NAME.test(event)) {
    log.error({ channel, event }, 'realtime push refused: invalid channel or event name')
    return null
  }
  let json: string | undefined
  try {
    json = JSON.stringify(data)
  } catch {
    json = undefined
  }
  if (json === undefined) {
    log.error({ channel, event }, 'realtime push refused: data is not JSON')
    return null
  }
  const bytes = Buffer.byteLength(json)
  if (bytes > MAX_EVENT_DATA_BYTES) {
    // A bug in the caller (events carry ids and previews): say so loudly, but do not fail its request.
    log.error({ channel, event, bytes }, 'realtime push refused: data over 10 KB')
    return null
  }
  return json
}
