import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { chatThreads } from './chat'
import { deals } from './deals'

/**
 * In-app notifications (notifications module): the bell. Chat notices carry their thread; others (deal
 * matches, interest) their deal. `data` holds what the bell shows beside the message: `dealInfo`
 * {address, hideAddress, city, state, zip} as the recipient may see it, and `senderName`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id').references(() => chatThreads.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // The bell reads only unread ones, newest first.
    index('notifications_user_unread_idx')
      .on(t.userId, t.createdAt.desc())
      .where(sql`${t.readAt} is null`),
    index('notifications_thread_idx').on(t.threadId),
  ],
)
