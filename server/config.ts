import { isIP } from 'node:net'
import { resolve } from 'node:path'
import { z } from 'zod'
import { booleanFromEnv } from './lib/env-values'
import { filesEnvShape, s3ConfigIssues, s3Settings } from './files/env'
import { realtimeEnvIssues, realtimeEnvShape, realtimeSettings } from './realtime/env'

/** Raw environment as the process (or a test) hands it over. */
export type Env = Record<string, string | undefined>

// Origins only: a quote, semicolon or space would let a value inject a whole CSP directive.
const originPattern = /^(https?|wss?):\/\/[a-z0-9*.-]+(:\d{1,5})?$/i

/** 10.0.0.1, ::1, 10.0.0.0/8 or fd00::/8. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a whole number from 0 to 65535' })
      .int('must be a whole number from 0 to 65535')
      .min(0, 'must be a whole number from 0 to 65535')
      .max(65_535, 'must be a whole number from 0 to 65535')
      .default(3000),
    HOST: z.string().default('localhost'),
    /** Relative paths are taken from the working directory. */
    DATA_DIR: z.string().default('./data'),
    /** Unset means the embedded PGlite database in DATA_DIR/pg. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /** The built SPA. */
    STATIC_DIR: z.string().default('./dist'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    SEED_DEMO: booleanFromEnv.optional(),
    /**
     * Shutdown's drain at most (server/main.ts): how long a stopping server keeps answering what it was sent while
     * its health check says 503. Match it to the load balancer's health-check interval times its failure count.
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce
      .number({ error: 'must be a whole number of seconds from 0 to 300' })
      .int('must be a whole number of seconds from 0 to 300')
      .min(0, 'must be a whole number of seconds from 0 to 300')
      .max(300, 'must be a whole number of seconds from 0 to 300')
      .default(5),
    /**
     * Behind a reverse proxy: whom to believe about the caller's address (X-Forwarded-For), which the
     * per-address limits count by. Unset trusts nobody, so every caller behind a proxy shares its address.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx): boolean | number | string[] => {
        if (!value || value === 'false') return false
        if (value === 'true') return true
        if (/^\d{1,2}$/.test(value)) return Number(value)
        const list = value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
        if (list.every(isAddressOrRange)) return list
        ctx.addIssue({
          code: 'custom',
          message: 'must be true, false, a hop count, or comma-separated addresses or CIDR ranges',
        })
        return z.NEVER
      }),
    CSP_EXTRA_CONNECT_SRC: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(originPattern, 'must be comma-separated origins like https://host'))),
    /** AWS Cognito user pool; all three set means AWS mode (the embedded IdP is not mounted). */
    COGNITO_USER_POOL_ID: z
      .string()
      .trim()
      .max(55, 'must be at most 55 characters')
      .regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'must look like us-east-1_AbC123 (region, underscore, id)')
      .optional(),
    COGNITO_CLIENT_ID: z
      .string()
      .trim()
      .regex(/^[\w+]+$/, 'must be the app client id (letters and digits)')
      .optional(),
    COGNITO_REGION: z
      .string()
      .trim()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region like us-east-1')
      .optional(),
    /**
     * AWS mode: the shared secret the pool's Verify Auth Challenge trigger sends (its KEYWAY_TRIGGER_SECRET) to
     * POST /api/auth/signin-link/verify. Without it the e-mailed sign-in link is off in AWS mode.
     */
    COGNITO_TRIGGER_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
    /** Lifetime of ID and access tokens (embedded IdP); short values exercise silent refresh. */
    IDP_ID_TOKEN_TTL_SECONDS: z.coerce
      .number({ error: 'must be a whole number of seconds from 30 to 86400' })
      .int('must be a whole number of seconds from 30 to 86400')
      .min(30, 'must be a whole number of seconds from 30 to 86400')
      .max(86_400, 'must be a whole number of seconds from 30 to 86400')
      .default(3600),
    IDP_REFRESH_TOKEN_TTL_DAYS: z.coerce
      .number({ error: 'must be a whole number of days from 1 to 3650' })
      .int('must be a whole number of days from 1 to 3650')
      .min(1, 'must be a whole number of days from 1 to 3650')
      .max(3650, 'must be a whole number of days from 1 to 3650')
      .default(30),
    /**
     * Whether anyone may call the embedded IdP's public SignUp. Off by default: the marketplace is invitation-only,
     * so accounts come from sign-up by invitation (the server's own call), like a Cognito pool set to admin-only sign-up.
     */
    IDP_ALLOW_SELF_SIGNUP: booleanFromEnv.default(false),
    /** smtp:// or smtps:// with credentials; unset means mail is only recorded in the outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().trim().min(3).max(200).default('Keyway <no-reply@keyway.app>'),
    /** Twilio account for text messages: all three or none; none means texts are only recorded in the SMS outbox. */
    TWILIO_ACCOUNT_SID: z
      .string()
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID (AC followed by 32 hex digits)')
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().trim().min(16, 'must be the Twilio auth token').optional(),
    /** The sending number in E.164 (+15551234567) or a Messaging Service SID (MG…). */
    TWILIO_FROM: z
      .string()
      .trim()
      .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, 'must be a number like +15551234567 or a Messaging Service SID')
      .optional(),
    /** Hours Certified buyers hear about a matching new listing before other matching buyers do. */
    PRIORITY_WINDOW_HOURS: z.coerce
      .number({ error: 'must be a number of hours from 0 to 720' })
      .min(0, 'must be a number of hours from 0 to 720')
      .max(720, 'must be a number of hours from 0 to 720')
      .default(24),
    /**
     * Tests and local development only: let the offer webhook reach loopback and private addresses over plain
     * http (a receiver on this machine). Refused when NODE_ENV=production.
     */
    WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFromEnv.default(false),
    /**
     * Tests only: turn off the limits of writes that mail or notify (server/http/write-limits.ts), for the e2e
     * server, whose journeys share the demo accounts and seed a hundred messages in seconds. Refused when
     * NODE_ENV=production.
     */
    WRITE_LIMITS_OFF: booleanFromEnv.default(false),
    ...realtimeEnvShape,
    ...filesEnvShape,
  })
  .superRefine((parsed, context) => {
    for (const { name, message } of s3ConfigIssues(parsed)) context.addIssue({ code: 'custom', path: [name], message })
    for (const { path, message } of realtimeEnvIssues(parsed)) {
      context.addIssue({ code: 'custom', path: [path], message })
    }
    // Links in mails need the real address, and the localhost default would be a silent mistake on a server.
    if (parsed.NODE_ENV === 'production' && parsed.PUBLIC_URL === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'is required when NODE_ENV=production: set it to the address people use to reach the app (e.g. https://keyway.example)',
      })
    }
    if (parsed.NODE_ENV === 'production' && parsed.WRITE_LIMITS_OFF) {
      context.addIssue({
        code: 'custom',
        path: ['WRITE_LIMITS_OFF'],
        message: 'may not be true when NODE_ENV=production (it lets anyone flood people with mail)',
      })
    }
    if (parsed.NODE_ENV === 'production' && parsed.WEBHOOK_ALLOW_PRIVATE_TARGETS) {
      context.addIssue({
        code: 'custom',
        path: ['WEBHOOK_ALLOW_PRIVATE_TARGETS'],
        message: 'may not be true when NODE_ENV=production (it lets webhooks reach private networks)',
      })
    }
    const twilio = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const
    const missingTwilio = twilio.filter((name) => parsed[name] === undefined)
    if (missingTwilio.length > 0 && missingTwilio.length < twilio.length) {
      for (const name of missingTwilio) {
        context.addIssue({ code: 'custom', path: [name], message: 'is required when any TWILIO_* variable is set' })
      }
    }
    const cognito = ['COGNITO_USER_POOL_ID', 'COGNITO_CLIENT_ID', 'COGNITO_REGION'] as const
    const missing = cognito.filter((name) => parsed[name] === undefined)
    if (missing.length === 0 || missing.length === cognito.length) return
    for (const name of missing) {
      context.addIssue({ code: 'custom', path: [name], message: 'is required when any COGNITO_* variable is set' })
    }
  })
  .transform((parsed) => {
    const isEmbedded = parsed.DATABASE_URL === undefined
    return {
      ...parsed,
      DATABASE_URL: parsed.DATABASE_URL,
      DATA_DIR: resolve(parsed.DATA_DIR),
      STATIC_DIR: resolve(parsed.STATIC_DIR),
      /** Where people reach the app, without a trailing slash. */
      PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
      // Demo accounts share one published password: production loads them only when asked to in so many words.
      SEED_DEMO: parsed.SEED_DEMO ?? (isEmbedded && parsed.NODE_ENV !== 'production'),
      /** No external database configured: PGlite, demo data, dev-only helpers. */
      isEmbedded,
      /** AWS Cognito settings, or null when the embedded IdP at /cognito-idp/ is in use. */
      cognito:
        parsed.COGNITO_USER_POOL_ID && parsed.COGNITO_CLIENT_ID && parsed.COGNITO_REGION
          ? {
              userPoolId: parsed.COGNITO_USER_POOL_ID,
              clientId: parsed.COGNITO_CLIENT_ID,
              region: parsed.COGNITO_REGION,
            }
          : null,
      /** The Twilio account texts go through, or null: texts are only recorded in the SMS outbox. */
      twilio:
        parsed.TWILIO_ACCOUNT_SID && parsed.TWILIO_AUTH_TOKEN && parsed.TWILIO_FROM
          ? { accountSid: parsed.TWILIO_ACCOUNT_SID, authToken: parsed.TWILIO_AUTH_TOKEN, from: parsed.TWILIO_FROM }
          : null,
      /** The realtime service: off, Pusher Channels or the embedded socket (server/realtime/). */
      realtime: realtimeSettings(parsed),
      /** The S3 bucket uploads go to, or null: the local disk, DATA_DIR/uploads (server/files/). */
      s3: s3Settings(parsed),
    }
  })

export type Config = z.output<typeof EnvSchema>

/** The log warning for demo accounts (known password) loaded in production; null when there is none to give. */
export function demoSeedWarning(config: Pick<Config, 'NODE_ENV' | 'SEED_DEMO'>): string | null {
  if (config.NODE_ENV !== 'production' || !config.SEED_DEMO) return null
  return (
    'SEED_DEMO=true in production: the demo accounts (admin@demo.test and others, password DemoPass1!) are ' +
    'loaded on an empty database and anyone who knows them can sign in. Unset SEED_DEMO on a real deployment.'
  )
}

// Connection strings carry passwords, and secrets are secrets: never echo them into logs or terminals.
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'PUSHER_SECRET',
  'REALTIME_APP_SECRET',
  'TWILIO_AUTH_TOKEN',
])

/** Thrown when the environment is invalid; its message names every offending variable. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/**
 * Parses an environment into the server's settings. The only place that reads env vars, so
 * tests build configs from plain objects. Empty strings count as unset, as in most .env files.
 */
export function loadConfig(env: Env): Config {
  const present = Object.fromEntries(
    Object.keys(EnvSchema.in.shape).flatMap((name) => {
      const value = env[name]
      return value === undefined || value.trim() === '' ? [] : [[name, value]]
    }),
  )
  const result = EnvSchema.safeParse(present)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      const shown = SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(present[name] ?? '')
      return `  ${name}=${shown}: ${issue.message}`
    })
    throw new ConfigError(`Invalid environment variables:\n${lines.join('\n')}`)
  }
  return result.data
}
