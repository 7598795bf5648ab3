import { z } from 'zod'
import { US_STATE_CODES } from './us-states'

/** Lists of values (spec §9). Labels live in locales under `values.<list>.<value>`. */

export const PROPERTY_TYPES = ['single-family', 'condo', 'multi-2-4', 'manufactured'] as const
export const PropertyTypeSchema = z.enum(PROPERTY_TYPES)
export type PropertyType = z.infer<typeof PropertyTypeSchema>

/** Preferences add townhouse and vacant land to the listing property types. */
export const PREFERENCE_PROPERTY_TYPES = [...PROPERTY_TYPES, 'townhouse', 'vacant-land'] as const
export const PreferencePropertyTypeSchema = z.enum(PREFERENCE_PROPERTY_TYPES)
export type PreferencePropertyType = z.infer<typeof PreferencePropertyTypeSchema>

export const PURCHASE_TYPES = ['SubTo', 'SellerFinance', 'Hybrid', 'LeaseOption'] as const
export const PurchaseTypeSchema = z.enum(PURCHASE_TYPES)
export type PurchaseType = z.infer<typeof PurchaseTypeSchema>

export const DEAL_CATEGORIES = ['cash', 'creative'] as const
export const DealCategorySchema = z.enum(DEAL_CATEGORIES)

export const PROPERTY_CONDITIONS = ['move-in-ready', 'minor-work', 'fixer-upper', 'teardown'] as const
export const SEARCH_FREQUENCIES = ['real-time', 'daily', 'weekly'] as const
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const
export const CONTACT_METHODS = ['email', 'text'] as const
export const CREDIT_SCORE_RANGES = ['excellent', 'good', 'fair', 'poor'] as const
export const FINANCING_TYPES = ['cash', 'conventional', 'fha', 'va', 'creative', 'hard-money'] as const
export const PROPERTY_USES = ['primary', 'investment'] as const
/** What a buy box covers: cash deals, creative deals or both. */
export const BUY_BOX_TYPES = ['cash', 'creative', 'both'] as const

/** Listing lists of values (spec §9). */
export const LISTING_STATUSES = ['exclusive', 'active', 'pending', 'sold', 'canceled', 'deleted'] as const
export const ListingStatusSchema = z.enum(LISTING_STATUSES)
export type ListingStatus = z.infer<typeof ListingStatusSchema>

export const PARKING_OPTIONS = ['garage-1', 'garage-2', 'garage-3', 'garage-4', 'garage-5', 'carport', 'none'] as const
export const SOLAR_OPTIONS = ['none', 'owned-no-payments', 'owned-with-payments', 'leased'] as const
export const RESTRICTIONS = [
  '55-plus',
  'no-stays-under-30-days',
  'no-stays-under-6-months',
  'long-term-rental-cap',
  'none',
] as const
export const LOAN_TYPES = ['Conventional', 'FHA', 'VA'] as const
export const DEED_TRANSFER_TYPES = ['DeedTransfer', 'ExecutoryContract'] as const
export const LOT_SIZE_UNITS = ['sqft', 'acres'] as const
/** What kind of traditional financing the property qualifies for (multi-select). */
export const TRADITIONAL_FINANCING = ['conventional', 'fha', 'va', 'cash-only'] as const
export const SYSTEM_TAGS = [
  'motivated-seller',
  'fix-and-flip',
  'rental-property',
  'off-market',
  'low-entry-fee',
  'super-low-entry-fee',
  'low-interest-rate',
  'super-low-interest-rate',
] as const
export const USER_TAGS = [...SYSTEM_TAGS, 'low-equity', 'wholesale'] as const
export const DealTagSchema = z.enum(USER_TAGS)
export type DealTag = z.infer<typeof DealTagSchema>
/** Creative listings always carry these (spec §9). */
export const CREATIVE_AUTO_TAGS = ['low-entry-fee', 'low-interest-rate'] as const satisfies readonly DealTag[]
export const DEAL_SORTS = [
  'newest',
  'oldest',
  'price-asc',
  'price-desc',
  'interest-asc',
  'interest-desc',
  // Offered only to a buyer with a buy box or preferences; for anyone else it is the newest first.
  'best-match',
] as const

/**
 * Every list of values with labels in locales under `values.<list>.<value>`: a choice error names the
 * choices by these labels ("Choose one of: Condo, …"), never by their codes.
 */
export const VALUE_LISTS: Record<string, readonly string[]> = {
  propertyTypes: PREFERENCE_PROPERTY_TYPES,
  propertyConditions: PROPERTY_CONDITIONS,
  searchFrequencies: SEARCH_FREQUENCIES,
  notificationChannels: NOTIFICATION_CHANNELS,
  contactMethods: CONTACT_METHODS,
  creditScoreRanges: CREDIT_SCORE_RANGES,
  financingTypes: FINANCING_TYPES,
  propertyUses: PROPERTY_USES,
  buyBoxTypes: BUY_BOX_TYPES,
  dealCategories: DEAL_CATEGORIES,
  purchaseTypes: PURCHASE_TYPES,
  dealTypes: ['cash', ...PURCHASE_TYPES],
  roles: ['buyer', 'originator', 'owner', 'admin'],
  usStates: US_STATE_CODES,
  listingStatuses: LISTING_STATUSES,
  parking: PARKING_OPTIONS,
  solar: SOLAR_OPTIONS,
  restrictions: RESTRICTIONS,
  loanTypes: LOAN_TYPES,
  deedTransferTypes: DEED_TRANSFER_TYPES,
  lotSizeUnits: LOT_SIZE_UNITS,
  traditionalFinancing: TRADITIONAL_FINANCING,
  tags: USER_TAGS,
  dealSorts: DEAL_SORTS,
}

/**
 * The translation key of each choice an enum offers (`values:propertyTypes.condo`): from the list that
 * holds exactly these values, else the smallest that holds them all (an enum may leave some out). A value
 * of no list keeps its code.
 */
export function choiceLabelKeys(choices: readonly unknown[]): string[] {
  const values = choices.map(String)
  const holding = Object.entries(VALUE_LISTS)
    .filter(([, list]) => values.every((value) => list.includes(value)))
    .sort(([, a], [, b]) => a.length - b.length)
  const list = holding.find(([, items]) => items.length === values.length)?.[0] ?? holding[0]?.[0]
  return values.map((value) => (list ? `values:${list}.${value}` : value))
}
