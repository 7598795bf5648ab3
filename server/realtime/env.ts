import { z } from 'zod'

/** Host names and IPv4 addresses: letters, digits, dots and dashes, no leading or trailing dot. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/

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
   * Pusher mode: the host both SDKs talk to instead of Pusher's cluster hosts (api-<cluster>.pusher.com for
   * triggers, ws-<cluster>.pusher.com for browsers), e.g. a self-hosted soketi or another instance's embedded
   * socket. One host for both, as a self-hosted Pusher-protocol server serves both on one port.
   */
  PUSHER_HOST: z
    .string()
    .trim()
    .toLowerCase()
    .regex(HOST_NAME, 'must be a host name or IPv4 address like realtime.example.com, without scheme, port or path')
    .optional(),
  /** Pusher mode with PUSHER_HOST: its port (default 443 with TLS, 80 without). */
  PUSHER_PORT: wholeNumber(1, 65_535).optional(),
  /** Pusher mode: TLS (https and wss) to the Pusher-protocol server; false only for a server on a private network. */
  PUSHER_USE_TLS: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .transform((value) => value === 'true')
    .optional(),
  /**
   * Embedded socket as a shared realtime node: the app id, key and secret other instances put in their
   * PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET to trigger through its Pusher HTTP API (all three or none;
   * none: key keyway-local, a secret of its own, and no HTTP API).
   */
  REALTIME_APP_ID: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, 'must be a numeric app id like 1000001')
    .optional(),
  REALTIME_APP_KEY: z
    .string()
    .trim()
    .regex(/^[\w-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _')
    .optional(),
  REALTIME_APP_SECRET: z
    .string()
    .trim()
    .min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)')
    .max(256, 'must be at most 256 characters')
    .optional(),
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
const NODE_CREDENTIALS = ['REALTIME_APP_ID', 'REALTIME_APP_KEY', 'REALTIME_APP_SECRET'] as const

/** Names of the Pusher credentials missing while another is set (a half-configured Pusher is a mistake). */
function missingPusherCredentials(parsed: RealtimeEnv): string[] {
  const missing = PUSHER_CREDENTIALS.filter((name) => parsed[name] === undefined)
  return missing.length === PUSHER_CREDENTIALS.length ? [] : missing
}

export type RealtimeEnvIssue = { path: string; message: string }

/**
 * What is wrong with the realtime settings taken together: half-set credentials, and settings that would
 * silently do nothing in the mode the others choose (a PUSHER_HOST without Pusher credentials, say).
 */
export function realtimeEnvIssues(parsed: RealtimeEnv): RealtimeEnvIssue[] {
  const issues: RealtimeEnvIssue[] = missingPusherCredentials(parsed).map((path) => ({
    path,
    message: 'is required when any of PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET is set',
  }))
  const missingNode = NODE_CREDENTIALS.filter((name) => parsed[name] === undefined)
  if (missingNode.length > 0 && missingNode.length < NODE_CREDENTIALS.length) {
    for (const path of missingNode) {
      issues.push({
        path,
        message: 'is required when any of REALTIME_APP_ID, REALTIME_APP_KEY, REALTIME_APP_SECRET is set',
      })
    }
  }
  const isPusher = PUSHER_CREDENTIALS.every((name) => parsed[name] !== undefined)
  if (!isPusher) {
    for (const path of ['PUSHER_HOST', 'PUSHER_PORT', 'PUSHER_USE_TLS'] as const) {
      if (parsed[path] !== undefined) {
        issues.push({
          path,
          message: 'has no effect without PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET (Pusher mode)',
        })
      }
    }
  } else {
    if (parsed.PUSHER_PORT !== undefined && parsed.PUSHER_HOST === undefined) {
      issues.push({ path: 'PUSHER_PORT', message: 'needs PUSHER_HOST (Pusher Channels has fixed ports)' })
    }
    for (const path of NODE_CREDENTIALS) {
      if (parsed[path] !== undefined) {
        issues.push({
          path,
          message: 'is for the embedded socket and has no effect in Pusher mode (PUSHER_APP_ID set)',
        })
      }
    }
  }
  return issues
}

export type EmbeddedRealtimeSettings = {
  mode: 'embedded'
  activityTimeoutSeconds: number
  maxConnections: number
  maxSocketsPerUser: number
  maxSocketsPerAddress: number
  subscribeTimeoutSeconds: number
  /** REALTIME_APP_ID/KEY/SECRET: the node's known credentials, which turn its Pusher HTTP API on. */
  app?: NodeCredentials
}
export type NodeCredentials = { id: string; key: string; secret: string }
export type PusherChannelsSettings = {
  mode: 'pusher'
  appId: string
  key: string
  secret: string
  cluster: string
  /** A Pusher-protocol server of our choosing (PUSHER_HOST); absent: Pusher Channels' cluster hosts. */
  host?: string
  /** PUSHER_PORT; absent: the scheme's default port. */
  port?: number
  useTLS: boolean
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
      ...(parsed.PUSHER_HOST !== undefined && { host: parsed.PUSHER_HOST }),
      ...(parsed.PUSHER_PORT !== undefined && { port: parsed.PUSHER_PORT }),
      useTLS: parsed.PUSHER_USE_TLS ?? true,
    }
  }
  const { REALTIME_APP_ID: id, REALTIME_APP_KEY: key, REALTIME_APP_SECRET: secret } = parsed
  return {
    mode: 'embedded',
    activityTimeoutSeconds: parsed.REALTIME_ACTIVITY_TIMEOUT_SECONDS,
    maxConnections: parsed.REALTIME_MAX_CONNECTIONS,
    maxSocketsPerUser: parsed.REALTIME_MAX_SOCKETS_PER_USER,
    maxSocketsPerAddress: parsed.REALTIME_MAX_SOCKETS_PER_ADDRESS,
    subscribeTimeoutSeconds: parsed.REALTIME_SUBSCRIBE_TIMEOUT_SECONDS,
    ...(id && key && secret && { app: { id, key, secret } }),
  }
}
