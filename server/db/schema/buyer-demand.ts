import { sql } from 'drizzle-orm'
import { doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'

/**
 * Where and what each buyer wants to buy, flattened from their buy box and preferences (profile module) into
 * plain columns, one row per buyer: the buyer maps and ZIP analytics (buyer-maps module) count these rows
 * instead of reading two JSON documents per buyer. Rewritten in the same transaction as either document.
 */
export const buyerDemand = pgTable(
  'buyer_demand',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The buy box's and the preferences' ZIP codes together, without repeats. */
    zipCodes: text('zip_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The preferences' state, else the state of the first ZIP code. */
    state: text('state'),
    /** The buy box's top price, else the pre-approved amount; its bucket (to500k … over3m). */
    maxPrice: doublePrecision('max_price'),
    priceBucket: text('price_bucket'),
    minBeds: integer('min_beds'),
    minBaths: integer('min_baths'),
    financingType: text('financing_type'),
    creditRange: text('credit_range'),
    propertyTypes: text('property_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    downPayment: doublePrecision('down_payment'),
    monthlyPayment: doublePrecision('monthly_payment'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('buyer_demand_zip_codes_idx').using('gin', t.zipCodes)],
)
