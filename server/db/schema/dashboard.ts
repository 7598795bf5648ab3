import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'

/**
 * Each user's dashboard visits (dashboard module), kept on the server so "new since your last visit" is the
 * same on every device. A visit starts once per browser session; the one before it is what news counts from.
 */
export const dashboardVisits = pgTable('dashboard_visits', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** When the visit under way started. */
  visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
  /** When the visit before it started; null until a second visit. */
  previousVisitAt: timestamp('previous_visit_at', { withTimezone: true }),
})
