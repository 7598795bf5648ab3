import { index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Messages of the instances' notification bus (server/db/notify.ts) too big for a PostgreSQL notification
 * (8000 bytes): the notification carries the row's id, every instance reads the body. Rows older than an
 * hour are deleted by a scheduled job; instances read them within milliseconds.
 */
export const busPayloads = pgTable(
  'bus_payloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bus_payloads_created_at_idx').on(t.createdAt)],
)
