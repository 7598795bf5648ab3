import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Rate-limit counters (server/http/rate-limit-store.ts): one fixed window per key, e.g. a user's offers or an
 * address's sign-in link requests. Kept in the database so every server instance counts the same writes.
 * A row whose window has ended is restarted by the next hit on its key, or pruned by a write that starts
 * a window (no timer).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** What is counted and for whom: `submitOffer:user:<id>`, `POST /api/auth/signin-link:<address>`. */
    key: text('key').primaryKey(),
    /** Hits in the window under way. */
    hits: integer('hits').notNull(),
    /** When the window under way ends; the next hit after it starts a new one. */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_at_idx').on(t.windowEndsAt)],
)
