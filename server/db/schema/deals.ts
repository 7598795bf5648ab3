import { sql } from 'drizzle-orm'
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  DEAL_CATEGORIES,
  DEED_TRANSFER_TYPES,
  LISTING_STATUSES,
  LOAN_TYPES,
  LOT_SIZE_UNITS,
  PARKING_OPTIONS,
  PROPERTY_TYPES,
  PURCHASE_TYPES,
  RESTRICTIONS,
  SOLAR_OPTIONS,
  TRADITIONAL_FINANCING,
  USER_TAGS,
} from '../../../src/contract/values'
import { users } from './accounts'

/**
 * Listings (deals module) and what hangs off them: status history, favorites, buyers' interest, photos
 * (in-app notifications: notifications.ts). Column names follow the contract's DealFieldsSchema one to one,
 * so a row maps to the contract shape without renaming. Amounts are double precision: they are display values entered
 * by sellers, never summed into ledgers, and JS numbers carry them exactly enough.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

export const STATUS_SOURCES = ['platform', 'off-platform', 'system'] as const

export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('active'),
    streetAddress: text('street_address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    hideAddress: boolean('hide_address').notNull().default(false),
    /** Street address normalised (case, punctuation, suffixes, unit markers) plus ZIP: the duplicate check. */
    normalizedAddress: text('normalized_address').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    dealCategory: text('deal_category', { enum: DEAL_CATEGORIES }).notNull(),
    purchaseType: text('purchase_type', { enum: PURCHASE_TYPES }),
    propertyType: text('property_type', { enum: PROPERTY_TYPES }).notNull(),
    purchasePrice: doublePrecision('purchase_price'),
    emd: doublePrecision('emd'),
    expectedCloseOfEscrow: date('expected_close_of_escrow', { mode: 'string' }),
    traditionalFinancing: text('traditional_financing', { enum: TRADITIONAL_FINANCING })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bedrooms: doublePrecision('bedrooms'),
    bathrooms: doublePrecision('bathrooms'),
    squareFootage: doublePrecision('square_footage'),
    lotSize: doublePrecision('lot_size'),
    lotSizeUnit: text('lot_size_unit', { enum: LOT_SIZE_UNITS }).notNull().default('sqft'),
    yearBuilt: integer('year_built'),
    solar: text('solar', { enum: SOLAR_OPTIONS }).notNull().default('none'),
    parking: text('parking', { enum: PARKING_OPTIONS }).notNull().default('none'),
    additionalParking: text('additional_parking'),
    hoaMonthlyFee: doublePrecision('hoa_monthly_fee'),
    solarMonthlyFee: doublePrecision('solar_monthly_fee'),
    restrictions: text('restrictions', { enum: RESTRICTIONS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    agentInvolved: boolean('agent_involved').notNull().default(false),
    privatePool: boolean('private_pool').notNull().default(false),
    dealDescription: text('deal_description').notNull(),
    tags: text('tags', { enum: USER_TAGS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    legalCertification: boolean('legal_certification').notNull().default(false),
    // Subject-To
    loanType: text('loan_type', { enum: LOAN_TYPES }),
    interestRate: doublePrecision('interest_rate'),
    loanBalance: doublePrecision('loan_balance'),
    loanMaturity: date('loan_maturity', { mode: 'string' }),
    piti: doublePrecision('piti'),
    entryFee: doublePrecision('entry_fee'),
    // Seller finance
    sellerLoanAmount: doublePrecision('seller_loan_amount'),
    sellerInterestRate: doublePrecision('seller_interest_rate'),
    pi: doublePrecision('pi'),
    sellerLoanMaturity: date('seller_loan_maturity', { mode: 'string' }),
    deedTransferType: text('deed_transfer_type', { enum: DEED_TRANSFER_TYPES }),
    // Lease option
    optionFee: doublePrecision('option_fee'),
    optionSalePrice: doublePrecision('option_sale_price'),
    optionTerm: doublePrecision('option_term'),
    optionFeeDeducted: boolean('option_fee_deducted').notNull().default(false),
    leaseMonthlyPayment: doublePrecision('lease_monthly_payment'),
    monthlyPaymentCredited: boolean('monthly_payment_credited').notNull().default(false),
    monthlyCreditAmount: doublePrecision('monthly_credit_amount'),
    securityDeposit: doublePrecision('security_deposit'),
    petsAllowed: boolean('pets_allowed').notNull().default(false),
    allowedPetTypes: text('allowed_pet_types'),
    petFee: doublePrecision('pet_fee'),
    utilitiesIncluded: boolean('utilities_included').notNull().default(false),
    allowsSublease: boolean('allows_sublease').notNull().default(false),
    appliancesIncluded: boolean('appliances_included').notNull().default(false),
    /**
     * Kept by Postgres itself so no write path can forget it; 'simple' config because addresses and
     * descriptions mix English, Spanish and street names that stemming would mangle.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, coalesce(street_address, '') || ' ' || coalesce(city, '') || ' ' || coalesce(deal_description, ''))`,
    ),
    // Priority-buyer notification bookkeeping (filled by the priority module).
    priorityNotifiedCount: integer('priority_notified_count').notNull().default(0),
    priorityNotifiedAt: timestamp('priority_notified_at', { withTimezone: true }),
    othersNotifiedAt: timestamp('others_notified_at', { withTimezone: true }),
    /** Freshness (issue 25): when the seller last edited or confirmed the listing, and the reminder sent since. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    staleRemindedAt: timestamp('stale_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('deals_status_created_idx').on(t.status, t.createdAt),
    index('deals_status_confirmed_idx').on(t.status, t.confirmedAt),
    index('deals_seller_idx').on(t.sellerId, t.createdAt),
    index('deals_state_city_idx').on(t.state, t.city),
    index('deals_zip_idx').on(t.zipCode),
    index('deals_price_idx').on(t.purchasePrice),
    index('deals_category_type_idx').on(t.dealCategory, t.purchaseType),
    index('deals_property_type_idx').on(t.propertyType),
    index('deals_lat_lng_idx').on(t.latitude, t.longitude),
    index('deals_normalized_address_idx').on(t.normalizedAddress),
    index('deals_tags_idx').using('gin', t.tags),
    index('deals_search_idx').using('gin', t.searchVector),
  ],
)

export const dealStatusHistory = pgTable(
  'deal_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    status: text('status', { enum: LISTING_STATUSES }).notNull(),
    source: text('source', { enum: STATUS_SOURCES }).notNull(),
    comments: text('comments'),
    reason: text('reason'),
    /** Null for system entries (created by seeding or automatic changes). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_status_history_deal_idx').on(t.dealId, t.createdAt)],
)

export const dealFavorites = pgTable(
  'deal_favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dealId] }), index('deal_favorites_deal_idx').on(t.dealId)],
)

export const dealInterests = pgTable(
  'deal_interests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One per buyer per listing: a second expression of interest updates the message.
  (t) => [
    uniqueIndex('deal_interests_deal_buyer_key').on(t.dealId, t.buyerId),
    index('deal_interests_buyer_idx').on(t.buyerId),
  ],
)

export const dealPhotos = pgTable(
  'deal_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    originalKey: text('original_key').notNull(),
    displayKey: text('display_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_photos_deal_position_idx').on(t.dealId, t.position)],
)
