import { date, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { deals } from './deals'

/**
 * Listing views (deal analytics, issue 26). `deal_views` holds one row per listing, signed-in visitor and
 * UTC day, so a visitor counts once a day; `deal_view_days` is that day's count, raised by the same statement
 * that inserts a new visitor's row, so the analytics read a listing's days, never its visitors.
 */
export const dealViews = pgTable(
  'deal_views',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.day, t.viewerId] }), index('deal_views_viewer_idx').on(t.viewerId)],
)

export const dealViewDays = pgTable(
  'deal_view_days',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.day] })],
)
