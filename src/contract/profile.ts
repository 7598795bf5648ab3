import { z } from 'zod'
import {
  BUY_BOX_TYPES,
  CONTACT_METHODS,
  CREDIT_SCORE_RANGES,
  FINANCING_TYPES,
  NOTIFICATION_CHANNELS,
  PreferencePropertyTypeSchema,
  PROPERTY_CONDITIONS,
  PROPERTY_USES,
  PURCHASE_TYPES,
  PropertyTypeSchema,
  SEARCH_FREQUENCIES,
} from './values'
import { RoleSchema } from './auth'
import {
  emailField,
  hasDecimalPlaces,
  nameField,
  optionalText,
  optionalUrlField,
  phoneField,
  stateField,
  strictNumber,
  zipCodeField,
} from './fields'

/** The deal types a seller works (seller preferences, the Owners Club directory): cash and the creative ones. */
export const MEMBER_DEAL_TYPES = ['cash', ...PURCHASE_TYPES] as const
export type MemberDealType = (typeof MEMBER_DEAL_TYPES)[number]

/** `PATCH /api/profile`: the account and company details (spec §2 profile and company tabs). */
export const ProfileUpdateInputSchema = z.object({
  firstName: nameField,
  lastName: nameField,
  phoneNumber: phoneField,
  callBookingLink: optionalUrlField,
  companyName: optionalText(120),
  companyPhone: z
    .union([z.literal(''), phoneField])
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  companyEmail: z
    .union([z.literal(''), emailField])
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  /** Owners Club (sellers, owners, admins): listed in the member directory; off until they opt in. */
  ownersClubListed: z.boolean().optional(),
  /** Owners Club: the deal types they work, shown in the directory. */
  ownersClubDealTypes: z
    .array(z.enum(MEMBER_DEAL_TYPES))
    .max(MEMBER_DEAL_TYPES.length)
    .optional()
    .transform((value) => (value ? [...new Set(value)] : value)),
})
export type ProfileUpdateInput = z.input<typeof ProfileUpdateInputSchema>

/** Answer of the picture and company-logo uploads. */
export const UploadedFileSchema = z.object({ url: z.string() })

export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024
export const COMPANY_LOGO_MAX_BYTES = 500 * 1024
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/** Amounts of buy boxes and preferences: strict numbers (forms convert what was typed), as bounded as listings. */
const money = strictNumber()
  .positive({ error: 'validation:positive' })
  .max(100_000_000)
  .refine((n) => hasDecimalPlaces(n, 2), { error: 'validation:moneyDecimals' })
const count = strictNumber().int({ error: 'validation:expectedInteger' }).min(0).max(100)
const optional = <T extends z.ZodType>(schema: T) => schema.nullable().optional()

export const BUY_BOX_MAX_ZIPS = 50
export const PREFERENCES_MAX_ZIPS = 5
export const RADIUS_MAX_MILES = 250

/** The buy box (spec §3): its type and up to 50 ZIP codes, plus what priority matching reads. */
export const BuyBoxSchema = z.object({
  type: z.enum(BUY_BOX_TYPES, { error: 'validation:buyBoxTypeRequired' }),
  zipCodes: z.array(zipCodeField).max(BUY_BOX_MAX_ZIPS, { error: 'validation:buyBoxMaxZips' }),
  propertyTypes: z.array(PropertyTypeSchema).default([]),
  minPrice: optional(money),
  maxPrice: optional(money),
})
export type BuyBox = z.infer<typeof BuyBoxSchema>
export type BuyBoxInput = z.input<typeof BuyBoxSchema>

/** Buyer preferences (spec §3); state and city required, at most 5 ZIP codes. */
export const PreferencesSchema = z.object({
  propertyUse: optional(z.enum(PROPERTY_USES)),
  propertyTypes: z.array(PreferencePropertyTypeSchema).default([]),
  state: stateField,
  city: nameField,
  zipCodes: z.array(zipCodeField).max(PREFERENCES_MAX_ZIPS, { error: 'validation:preferencesMaxZips' }).default([]),
  /** A search radius in miles around a ZIP code's centre (matching, issue 25); both or neither. */
  radiusZip: optional(zipCodeField),
  radiusMiles: optional(strictNumber().int({ error: 'validation:expectedInteger' }).min(1).max(RADIUS_MAX_MILES)),
  minPropertyAge: optional(count),
  maxPropertyAge: optional(count),
  minYearBuilt: optional(strictNumber().int({ error: 'validation:expectedInteger' }).min(1800).max(2100)),
  minSqft: optional(money),
  minBedrooms: optional(count),
  minBathrooms: optional(count),
  maxMonthlyPayment: optional(money),
  maxDownPayment: optional(money),
  minLotSize: optional(money),
  excludeHoa: z.boolean().default(false),
  newConstructionOnly: z.boolean().default(false),
  propertyConditions: z.array(z.enum(PROPERTY_CONDITIONS)).default([]),
  schoolsProximity: z.boolean().default(false),
  publicTransport: z.boolean().default(false),
  rentalPotential: z.boolean().default(false),
  notificationChannels: z.array(z.enum(NOTIFICATION_CHANNELS)).default(['email']),
  preferredContact: z.enum(CONTACT_METHODS).default('email'),
  searchFrequency: z.enum(SEARCH_FREQUENCIES).default('daily'),
  additionalNotes: optionalText(1000),
  preApprovedMortgage: z.boolean().default(false),
  preApprovedAmount: optional(money),
  financingType: optional(z.enum(FINANCING_TYPES)),
  creditScoreRange: optional(z.enum(CREDIT_SCORE_RANGES)),
})
export type Preferences = z.infer<typeof PreferencesSchema>

type RadiusParts = { radiusZip?: string | null; radiusMiles?: number | null }
const hasValue = (value: unknown) => value !== null && value !== undefined && value !== ''
/** Checked even while other fields are wrong, so every message shows at once. */
const always = { when: ({ value }: { value: unknown }) => typeof value === 'object' && value !== null }

/**
 * The search radius is its ZIP code and its miles together, or neither: the missing half is answered at its
 * own field. Added to the schemas that judge input (the endpoint's body, the form), not to PreferencesSchema,
 * so it stays extendable and a stored document still parses.
 */
export function withRadiusBothOrNeither<T extends z.ZodType<RadiusParts>>(schema: T) {
  return schema
    .refine((value) => !hasValue(value?.radiusMiles) || hasValue(value?.radiusZip), {
      path: ['radiusZip'],
      error: 'validation:radiusZipRequired',
      ...always,
    })
    .refine((value) => !hasValue(value?.radiusZip) || hasValue(value?.radiusMiles), {
      path: ['radiusMiles'],
      error: 'validation:radiusMilesRequired',
      ...always,
    })
}

/** `PUT /api/profile/preferences`: the preferences, the radius both or neither. */
export const PreferencesInputSchema = withRadiusBothOrNeither(PreferencesSchema)
/** Preferences as the API answers them: the notes are already normalised (blank → null) when saved. */
export const PreferencesAnswerSchema = PreferencesSchema.extend({ additionalNotes: z.string().nullable() })
export type PreferencesInput = z.input<typeof PreferencesSchema>

/** Seller preferences: the markets and deal types a seller works, and how they hear about buyers. */
export const SellerPreferencesSchema = z.object({
  states: z.array(stateField).min(1, { error: 'validation:sellerStatesRequired' }),
  dealTypes: z.array(z.enum(['cash', ...PURCHASE_TYPES])).default([]),
  dealsPerMonth: optional(count),
  preferredContact: z.enum(CONTACT_METHODS).default('email'),
  notifyOnInterest: z.boolean().default(true),
  notifyOnOffer: z.boolean().default(true),
})
export type SellerPreferences = z.infer<typeof SellerPreferencesSchema>
export type SellerPreferencesInput = z.input<typeof SellerPreferencesSchema>

/**
 * `PUT /api/profile/roles`: a person's own roles (at least one). Any role may be named so that asking for one
 * the person may not give themselves is answered 403 with a reason rather than "invalid option": only the
 * buyer role is added by oneself; the roles held are kept or dropped (owner and admin are always kept).
 */
export const RolesUpdateInputSchema = z.object({
  roles: z.array(RoleSchema).min(1, { error: 'validation:rolesRequired' }),
})
export type RolesUpdateInput = z.infer<typeof RolesUpdateInputSchema>
