import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/**
 * The embedded identity provider's own tables (server/identity). They mirror what a Cognito user
 * pool keeps, so the rest of the server only ever sees `sub` and verified tokens and the same code
 * runs against AWS Cognito, where none of these tables is used.
 */

export const IDENTITY_STATUSES = ['UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'DISABLED'] as const
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number]

export const identityUsers = pgTable(
  'identity_users',
  {
    sub: uuid('sub').primaryKey().defaultRandom(),
    /** Lowercased e-mail; the pool signs in by e-mail, so this is also the Cognito username. */
    username: text('username').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** An e-mail change waiting for its code; `email` keeps working for sign-in until then. */
    pendingEmail: text('pending_email'),
    /** `scrypt$N$r$p$salt$hash` (base64url); never leaves this module. */
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: IDENTITY_STATUSES }).notNull().default('UNCONFIRMED'),
    /** Standard attributes other than e-mail: given_name, family_name, phone_number, locale. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    /** Mirrors users.roles so the ID token can carry `cognito:groups`. */
    groups: text('groups')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    totpSecret: text('totp_secret'),
    /** Secret handed out by AssociateSoftwareToken, promoted to totp_secret once verified. */
    totpPendingSecret: text('totp_pending_secret'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** Last accepted TOTP time step, so one code cannot be replayed within its window. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identity_users_username_key').on(t.username)],
)

export const CODE_PURPOSES = ['signup', 'forgot_password', 'signin_link', 'verify_email'] as const
export type CodePurpose = (typeof CODE_PURPOSES)[number]

/** One live code per user and purpose; a new one replaces the old. Stored hashed. */
export const identityCodes = pgTable(
  'identity_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sub: uuid('sub')
      .notNull()
      .references(() => identityUsers.sub, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** For verify_email: the address the code was sent to. */
    target: text('target'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identity_codes_sub_purpose_key').on(t.sub, t.purpose)],
)

/**
 * Refresh tokens are opaque random strings stored hashed. `origin_jti` names the session: every ID
 * and access token minted from this refresh token carries it, so revoking the row ends them too.
 */
export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    jti: uuid('jti').primaryKey().defaultRandom(),
    sub: uuid('sub')
      .notNull()
      .references(() => identityUsers.sub, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    originJti: uuid('origin_jti').notNull(),
    clientId: text('client_id').notNull(),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('identity_refresh_tokens_hash_key').on(t.tokenHash),
    uniqueIndex('identity_refresh_tokens_origin_key').on(t.originJti),
    index('identity_refresh_tokens_sub_idx').on(t.sub),
  ],
)

/**
 * Failed sign-in counters, persisted so a restart or a second instance does not reset a lockout.
 * `key` is `account:<username>` or `address:<ip>`.
 */
export const identitySigninFailures = pgTable('identity_signin_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
})

/**
 * AWS mode's e-mailed sign-in link: the server mails the code and the pool's Verify Auth Challenge trigger
 * asks POST /api/auth/signin-link/verify whether it is right (server/identity/aws-signin-link.ts). Keyed by
 * the lowercased e-mail (Cognito's users have no row in identity_users); one live code per address, a new one
 * replaces the old; only a SHA-256 of the 256-bit code is kept.
 */
export const signinLinkCodes = pgTable('signin_link_codes', {
  email: text('email').primaryKey(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
