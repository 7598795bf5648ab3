import { z } from 'zod'

/**
 * The realtime part of the environment, spread into server/config.ts (still the only place that reads
 * env vars); kept here so the config file stays readable and these rules sit next to their use.
 */
export const realtimeEnvShape = {
  /** `off` turns the socket off entirely, so the SPA's polling fallback can be tried on its own. */
  REALTIME: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['on', 'off']))
    .default('on'),
  /** Pusher Channels app credentials: all three or none. None means the embedded socket. */
  PUSHER_APP_ID: z.string().trim().regex(/^\d+$/, 'must be the numeric Pusher app id').optional(),
  PUSHER_KEY: z
    .string()
    .trim()
    .regex(/^[\w-]+$/, 'must be the Pusher app key')
    .optional(),
  PUSHER_SECRET: z.string().trim().min(8, 'must be the Pusher app secret').optional(),
  PUSHER_CLUSTER: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/, 'must be a Pusher cluster like us3')
    .default('us3'),
  /**
   * Embedded socket: seconds of silence after which a client pings (Pusher's activity_timeout, 120 at
   * most as on Pusher) and the interval of the server's own liveness checks. Lower it behind a proxy
   * that drops idle connections sooner.
   */
  REALTIME_ACTIVITY_TIMEOUT_SECONDS: wholeNumber(1, 120).default(120),
  /** Embedded socket: open connections at most (memory bound); past it new ones are told to back off. */
  REALTIME_MAX_CONNECTIONS: wholeNumber(1, 1_000_000).default(10_000),
  /** Embedded socket: sockets one user may hold subscribed to their channel (tabs and devices). */
  REALTIME_MAX_SOCKETS_PER_USER: wholeNumber(1, 1000).default(10),
  /**
   * Embedded socket: open sockets one caller address may hold (an IPv6 caller counts by their /64), so one
   * machine cannot take the whole REALTIME_MAX_CONNECTIONS. Five people at the per-user cap, or an office.
   * Behind a reverse proxy set TRUST_PROXY, or every caller shares the proxy's address and this allowance.
   */
  REALTIME_MAX_SOCKETS_PER_ADDRESS: wholeNumber(1, 1_000_000).default(50),
  /** Embedded socket: seconds a socket may stay open without a private subscription (Pusher closes such sockets). */
  REALTIME_SUBSCRIBE_TIMEOUT_SECONDS: wholeNumber(1, 3600).default(60),
}

function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message)
}

type RealtimeEnv = z.output<z.ZodObject<typeof realtimeEnvShape>>

const PUSHER_CREDENTIALS = ['PUSHER_APP_ID', 'PUSHER_KEY', 'PUSHER_SECRET'] as const

/** Names of the Pusher credentials missing while another is set (a half-configured Pusher is a mistake). */
export function missingPusherCredentials(parsed: RealtimeEnv): string[] {
  const missing = PUSHER_CREDENTIALS.filter((name) => parsed[name] === undefined)
  return missing.length === PUSHER_CREDENTIALS.length ? [] : missing
}

export type EmbeddedRealtimeSettings = {
  mode: 'embedded'
  activityTimeoutSeconds: number
  maxConnections: number
  maxSocketsPerUser: number
  maxSocketsPerAddress: number
  subscribeTimeoutSeconds: number
}
export type PusherChannelsSettings = {
  mode: 'pusher'
  appId: string
  key: string
  secret: string
  cluster: string
}
export type RealtimeSettings = { mode: 'off' } | EmbeddedRealtimeSettings | PusherChannelsSettings

/** Which realtime service the server uses: off, Pusher Channels (credentials set) or the embedded socket. */
export function realtimeSettings(parsed: RealtimeEnv): RealtimeSettings {
  if (parsed.REALTIME === 'off') return { mode: 'off' }
  if (parsed.PUSHER_APP_ID && parsed.PUSHER_KEY && parsed.PUSHER_SECRET) {
    return {
      mode: 'pusher',
      appId: parsed.PUSHER_APP_ID,
      key: parsed.PUSHER_KEY,
      secret: parsed.PUSHER_SECRET,
      cluster: parsed.PUSHER_CLUSTER,
    }
  }
  return {
    mode: 'embedded',
    activityTimeoutSeconds: parsed.REALTIME_ACTIVITY_TIMEOUT_SECONDS,
    maxConnections: parsed.REALTIME_MAX_CONNECTIONS,
    maxSocketsPerUser: parsed.REALTIME_MAX_SOCKETS_PER_USER,
    maxSocketsPerAddress: parsed.REALTIME_MAX_SOCKETS_PER_ADDRESS,
    subscribeTimeoutSeconds: parsed.REALTIME_SUBSCRIBE_TIMEOUT_SECONDS,
  }
}
