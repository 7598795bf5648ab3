import { sql } from 'drizzle-orm'
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * Accounts: who uses the marketplace and in which roles (users module), what they told us about
 * themselves (profile module), how they got in (invitations, access modules). The identity provider
 * only knows `sub`; everything the product shows about a person lives here.
 */

export const ROLES = ['buyer', 'originator', 'owner', 'admin'] as const
export type RoleName = (typeof ROLES)[number]
export const USER_STATUSES = ['active', 'deactivated'] as const
export const LANGUAGES = ['en', 'es'] as const

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The identity provider's subject (embedded IdP or AWS Cognito). */
    cognitoSub: text('cognito_sub').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Ten digits, no formatting (the contract's phone atom strips it). */
    phone: text('phone'),
    roles: text('roles', { enum: ROLES })
      .array()
      .notNull()
      .default(sql`'{buyer}'::text[]`),
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    profilePictureUrl: text('profile_picture_url'),
    callBookingLink: text('call_booking_link'),
    companyName: text('company_name'),
    companyPhone: text('company_phone'),
    companyEmail: text('company_email'),
    companyLogoUrl: text('company_logo_url'),
    /** Owners Club: listed in the member directory (opt-in from the profile's company tab, off by default). */
    ownersClubListed: boolean('owners_club_listed').notNull().default(false),
    /** Owners Club: the deal types the member says they work (the app's deal types); empty when not said. */
    ownersClubDealTypes: text('owners_club_deal_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    certifiedBuyer: boolean('certified_buyer').notNull().default(false),
    /** When the buyer passed the last published lesson; kept when lessons are added later. */
    certifiedAt: timestamp('certified_at', { withTimezone: true }),
    premium: boolean('premium').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** When the person last signed in (a new session at the identity provider). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Why an admin deactivated the account (shown in the panel; cleared on reactivation). */
    deactivationReason: text('deactivation_reason'),
  },
  (t) => [
    uniqueIndex('users_cognito_sub_key').on(t.cognitoSub),
    // Stored lowercased. Not unique: an identity re-created at the provider gets a new sub and row.
    index('users_email_idx').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
  ],
)

/**
 * One row per user for each saved profile document. The document is the contract schema's output;
 * ZIP codes are copied into a column so matching and maps can query them without reading JSON.
 */
/** The columns both ZIP-matched documents share: the owner, the document, its ZIP codes, when saved. */
const zipDocumentColumns = () => ({
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  zipCodes: text('zip_codes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const buyBoxes = pgTable('buy_boxes', zipDocumentColumns(), (t) => [
  index('buy_boxes_zip_codes_idx').using('gin', t.zipCodes),
])

export const buyerPreferences = pgTable('buyer_preferences', zipDocumentColumns(), (t) => [
  index('buyer_preferences_zip_codes_idx').using('gin', t.zipCodes),
])

export const sellerPreferences = pgTable('seller_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 32 random bytes, base64url: the secret in the sign-up link. */
    token: text('token').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    /** Set when the invitation is for one address only. */
    email: text('email'),
    /** Null for invitations the request-access flow created. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    /** An admin withdrew a pending invitation: its link no longer signs anyone up. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last time its mail was sent again. */
    resentAt: timestamp('resent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_token_key').on(t.token),
    index('invitations_created_by_idx').on(t.createdBy, t.createdAt),
    index('invitations_email_idx').on(t.email),
  ],
)

export const waitlist = pgTable(
  'waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lowercased; one entry per address. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    invitationId: uuid('invitation_id').references(() => invitations.id, { onDelete: 'set null' }),
    /** An admin declined the request (the person is told; the entry stays so they are not asked again). */
    declinedAt: timestamp('declined_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('waitlist_email_key').on(t.email), index('waitlist_created_at_idx').on(t.createdAt)],
)

/** Human-check tokens already answered, kept until they expire so each answers once. */
export const humanCheckUses = pgTable('human_check_uses', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})
