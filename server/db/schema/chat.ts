import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { deals } from './deals'

/**
 * Conversations about deals (chat module): one thread per deal and buyer, with the deal's seller; and
 * Owners Club conversations between two members, tied to no listing (deal_id null, the initiator in
 * buyer_id, the member written to in seller_id): at most one per pair of members. Each
 * participant's read mark is the id of the newest message they have read; messages have ids from one
 * identity sequence, so "after id N" is a client's catch-up cursor across reconnects.
 */
export const chatThreads = pgTable(
  'chat_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for an Owners Club conversation between two members. */
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The deal's seller when the thread started (a listing does not change hands). */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last message's time: the thread list's order and cursor (with the id). */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** The participant who blocked the thread; null while it is open. */
    blockedBy: uuid('blocked_by').references(() => users.id, { onDelete: 'cascade' }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    buyerLastReadId: bigint('buyer_last_read_id', { mode: 'number' }).notNull().default(0),
    sellerLastReadId: bigint('seller_last_read_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // One conversation per buyer and deal; concurrent starts meet here (insert … on conflict).
    uniqueIndex('chat_threads_deal_buyer_key').on(t.dealId, t.buyerId),
    // One listing-less conversation per pair of members, whoever started it; concurrent starts meet here.
    uniqueIndex('chat_threads_member_pair_key')
      .on(sql`least(${t.buyerId}, ${t.sellerId})`, sql`greatest(${t.buyerId}, ${t.sellerId})`)
      .where(sql`${t.dealId} is null`),
    index('chat_threads_buyer_activity_idx').on(t.buyerId, t.lastActivityAt.desc(), t.id.desc()),
    index('chat_threads_seller_activity_idx').on(t.sellerId, t.lastActivityAt.desc(), t.id.desc()),
  ],
)

export const chatMessages = pgTable(
  'chat_messages',
  {
    /** Increasing across the server: the catch-up cursor. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text, trimmed, 1 to 2,000 characters; never rendered as HTML. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_thread_id_idx').on(t.threadId, t.id), index('chat_messages_sender_idx').on(t.senderId)],
)
