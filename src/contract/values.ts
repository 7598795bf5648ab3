import { z } from 'zod'

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
