import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { NOTIFICATION_CHANNELS, SEARCH_FREQUENCIES } from '../../../src/contract/values'
import { users } from './accounts'
import { deals } from './deals'

/**
 * Matching alerts (issue 25): buyers' saved searches, the record of every listing alerted to a buyer (one row
 * per buyer and listing, so nothing is sent twice across buy box and saved searches, and digests collect
 * the rows still unsent), browser push subscriptions, text messages, and keys the server makes for itself.
 */

/** A named set of browse filters with its own frequency and channels (beside the buy box). */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The browse filters as the contract's browse query parses them. */
    filters: jsonb('filters').notNull(),
    frequency: text('frequency', { enum: SEARCH_FREQUENCIES }).notNull().default('daily'),
    channels: text('channels', { enum: NOTIFICATION_CHANNELS })
      .array()
      .notNull()
      .default(sql`'{email}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt)],
)

/**
 * A listing matched for a buyer: written once (primary key), sent at once for real-time buyers and by the
 * next digest for the others (`sent_at` null until then). `saved_search_id` names the search that matched
 * when it was not the buy box and preferences.
 */
export const matchAlerts = pgTable(
  'match_alerts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    savedSearchId: uuid('saved_search_id').references(() => savedSearches.id, { onDelete: 'set null' }),
    frequency: text('frequency', { enum: SEARCH_FREQUENCIES }).notNull(),
    score: integer('score').notNull(),
    /** The scorer's reasons (src/contract/matching.ts), as they were when matched. */
    reasons: jsonb('reasons').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dealId] }),
    index('match_alerts_unsent_idx')
      .on(t.frequency, t.userId)
      .where(sql`sent_at is null`),
  ],
)

/** A browser's Web Push subscription (one per endpoint; a user may have several browsers). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
)

/** Every text message, kept whether or not an SMS provider is configured (like the mail outbox). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    text: text('text').notNull(),
    /** queued → sent, or failed after its retries; `recorded` when no provider is configured. */
    state: text('state', { enum: ['queued', 'sent', 'failed', 'recorded'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Quiet hours: not before this moment. */
    notBefore: timestamp('not_before', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('sms_outbox_created_idx').on(t.createdAt)],
)

/** Keys the server generates on first start and keeps (VAPID keys for Web Push, signing secrets). */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
