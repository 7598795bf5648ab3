import { sql } from 'drizzle-orm'
import { date, doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { OFFER_STATUSES, OFFER_TYPES } from '../../../src/contract/offers'
import { users } from './accounts'
import { deals } from './deals'

/**
 * Buyers' offers on listings (offers module). Rows are never deleted: a replaced offer is `withdrawn`, one
 * that lost to another is `not_accepted`, so both sides keep the history. At most one open (`submitted`)
 * offer per buyer and listing, and at most one accepted offer per listing: the database holds both rules.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: OFFER_TYPES }).notNull(),
    purchasePrice: doublePrecision('purchase_price'),
    entryFee: doublePrecision('entry_fee'),
    closeOfEscrowDate: date('close_of_escrow_date').notNull(),
    message: text('message'),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('submitted'),
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('offers_open_per_buyer_key')
      .on(t.dealId, t.buyerId)
      .where(sql`${t.status} = 'submitted'`),
    uniqueIndex('offers_accepted_per_deal_key')
      .on(t.dealId)
      .where(sql`${t.status} = 'accepted'`),
    index('offers_deal_created_idx').on(t.dealId, t.createdAt),
    index('offers_buyer_created_idx').on(t.buyerId, t.createdAt),
  ],
)
