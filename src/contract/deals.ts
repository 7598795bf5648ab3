import { z } from 'zod'
import { pageOf, PageQuerySchema } from './common'
import { hasDecimalPlaces, isoDate, optionalText, stateField, strictNumber, zipCodeField } from './fields'
import {
  DealCategorySchema,
  DealTagSchema,
  DEED_TRANSFER_TYPES,
  ListingStatusSchema,
  LOAN_TYPES,
  LOT_SIZE_UNITS,
  PARKING_OPTIONS,
  PropertyTypeSchema,
  PurchaseTypeSchema,
  RESTRICTIONS,
  SOLAR_OPTIONS,
  TRADITIONAL_FINANCING,
} from './values'

export const DEAL_PHOTO_LIMIT = 25
export const DEAL_PHOTO_MAX_BYTES = 10 * 1024 * 1024
export const DESCRIPTION_MIN = 10
export const YEAR_BUILT_MIN = 1800

/** Upper bounds of listing numbers: generous for any real US property, and far below what breaks sorting. */
export const PRICE_MAX = 100_000_000
export const MONTHLY_MAX = 1_000_000
export const RATE_MAX = 100
export const ROOMS_MAX = 50
export const SQUARE_FEET_MAX = 1_000_000
export const LOT_SIZE_MAX = 100_000_000
export const OPTION_TERM_MAX = 99

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value)

type NumberRule = { max: number; integer?: boolean; decimals?: number; step?: 'half' }

/**
 * A positive number up to `max`; a blank is "not given" (null). Strict on the wire: the deal form sends
 * numbers it read from what was typed, and text that is not a number is "Expected a valid number".
 */
const positiveNumber = ({ max, integer, decimals, step }: NumberRule) => {
  // The checks all run; the first that fails is the message, so the bound comes before the finer rules.
  let schema = strictNumber()
    .refine((n) => n > 0, { error: 'validation:positive' })
    .max(max)
  if (integer) schema = schema.refine((n) => Number.isInteger(n), { error: 'validation:expectedInteger' })
  if (step === 'half') schema = schema.refine((n) => Number.isInteger(n * 2), { error: 'validation:halfSteps' })
  if (decimals !== undefined) {
    const message = decimals === 2 ? 'validation:moneyDecimals' : 'validation:rateDecimals'
    schema = schema.refine((n) => hasDecimalPlaces(n, decimals), { error: message })
  }
  return z.preprocess(blankToNull, schema.nullable())
}
/** Prices, balances and one-off amounts in dollars and cents. */
const price = positiveNumber({ max: PRICE_MAX, decimals: 2 })
/** Monthly payments and fees. */
const monthly = positiveNumber({ max: MONTHLY_MAX, decimals: 2 })
/** Interest rates in percent, e.g. 3.125. */
const rate = positiveNumber({ max: RATE_MAX, decimals: 3 })
const date = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.iso.date({ error: 'validation:invalidDate' }).nullable(),
)
const flag = z.boolean().default(false)
const required = (message = 'validation:required') => ({ error: message })

/**
 * Every field of a listing as the form and `POST/PUT /api/deals` take it (spec §3, §5). One flat object so
 * the form can switch purchase types without losing what was typed; `superRefine` adds the per-type rules.
 */
export const DealFieldsSchema = z.object({
  streetAddress: z.string(required()).trim().min(1, required()).max(200),
  city: z.string(required()).trim().min(1, required()).max(100),
  state: stateField,
  zipCode: zipCodeField,
  hideAddress: flag,
  dealCategory: DealCategorySchema,
  purchaseType: PurchaseTypeSchema.nullable().default(null),
  propertyType: PropertyTypeSchema,
  purchasePrice: price,
  emd: price,
  expectedCloseOfEscrow: date,
  traditionalFinancing: z.array(z.enum(TRADITIONAL_FINANCING)).default([]),
  bedrooms: positiveNumber({ max: ROOMS_MAX, integer: true }),
  bathrooms: positiveNumber({ max: ROOMS_MAX, step: 'half' }),
  squareFootage: positiveNumber({ max: SQUARE_FEET_MAX, integer: true }),
  lotSize: positiveNumber({ max: LOT_SIZE_MAX, decimals: 2 }),
  lotSizeUnit: z.enum(LOT_SIZE_UNITS).default('sqft'),
  yearBuilt: z.preprocess(
    blankToNull,
    strictNumber()
      .int({ error: 'validation:expectedInteger' })
      .min(YEAR_BUILT_MIN, { error: 'validation:yearBuiltMin' })
      // Next year's homes are sold before they are finished; anything later is a slip.
      .refine((year) => year <= new Date().getFullYear() + 1, { error: 'validation:yearBuiltMax' })
      .nullable(),
  ),
  solar: z.enum(SOLAR_OPTIONS).default('none'),
  parking: z.enum(PARKING_OPTIONS).default('none'),
  additionalParking: optionalText(200),
  hoaMonthlyFee: monthly,
  solarMonthlyFee: monthly,
  restrictions: z.array(z.enum(RESTRICTIONS)).default([]),
  agentInvolved: flag,
  privatePool: flag,
  dealDescription: z.string(required()).trim().min(DESCRIPTION_MIN, { error: 'validation:descriptionMin' }).max(5000),
  tags: z.array(DealTagSchema).min(1, { error: 'validation:tagsRequired' }),
  legalCertification: z.boolean().refine((v) => v, { error: 'validation:legalCertificationRequired' }),
  /** A new listing starts active, or exclusive (offered to priority buyers first). */
  initialStatus: z.enum(['active', 'exclusive']).default('active'),
  // Subject-To
  loanType: z.enum(LOAN_TYPES).nullable().default(null),
  interestRate: rate,
  loanBalance: price,
  loanMaturity: date,
  piti: monthly,
  entryFee: price,
  // Seller finance
  sellerLoanAmount: price,
  sellerInterestRate: rate,
  pi: monthly,
  sellerLoanMaturity: date,
  deedTransferType: z.enum(DEED_TRANSFER_TYPES).nullable().default(null),
  // Lease option
  optionFee: price,
  optionSalePrice: price,
  optionTerm: z.preprocess(
    blankToNull,
    strictNumber()
      .min(1, { error: 'validation:optionTermMin' })
      .max(OPTION_TERM_MAX)
      .refine((years) => hasDecimalPlaces(years, 2), { error: 'validation:moneyDecimals' })
      .nullable(),
  ),
  optionFeeDeducted: flag,
  leaseMonthlyPayment: monthly,
  monthlyPaymentCredited: flag,
  monthlyCreditAmount: monthly,
  securityDeposit: price,
  petsAllowed: flag,
  allowedPetTypes: optionalText(200),
  petFee: price,
  utilitiesIncluded: flag,
  allowsSublease: flag,
  appliancesIncluded: flag,
})

/** Every numeric field of a listing (the deal form types them as text and converts them). */
export const DEAL_NUMBER_FIELDS = [
  'purchasePrice',
  'emd',
  'bedrooms',
  'bathrooms',
  'squareFootage',
  'lotSize',
  'yearBuilt',
  'hoaMonthlyFee',
  'solarMonthlyFee',
  'interestRate',
  'loanBalance',
  'piti',
  'entryFee',
  'sellerLoanAmount',
  'sellerInterestRate',
  'pi',
  'optionFee',
  'optionSalePrice',
  'optionTerm',
  'leaseMonthlyPayment',
  'monthlyCreditAmount',
  'securityDeposit',
  'petFee',
] as const satisfies readonly (keyof z.output<typeof DealFieldsSchema>)[]
type DealNumberField = (typeof DEAL_NUMBER_FIELDS)[number]

const SUBJECT_TO_FIELDS = ['loanType', 'interestRate', 'loanBalance', 'loanMaturity', 'piti', 'entryFee'] as const
const SELLER_FINANCE_FIELDS = [
  'sellerLoanAmount',
  'sellerInterestRate',
  'pi',
  'sellerLoanMaturity',
  'deedTransferType',
] as const
const LEASE_OPTION_FIELDS = ['optionFee', 'optionSalePrice', 'optionTerm', 'leaseMonthlyPayment'] as const

/** The fields a purchase type requires (spec §5); cash listings require only the common ones. */
export function requiredTermFields(input: {
  dealCategory: string
  purchaseType: string | null
}): readonly (keyof DealInput)[] {
  if (input.dealCategory !== 'creative') return ['purchasePrice']
  switch (input.purchaseType) {
    case 'SubTo':
      return ['purchasePrice', ...SUBJECT_TO_FIELDS]
    case 'SellerFinance':
      return ['purchasePrice', ...SELLER_FINANCE_FIELDS]
    case 'Hybrid':
      return ['purchasePrice', ...SUBJECT_TO_FIELDS, ...SELLER_FINANCE_FIELDS]
    case 'LeaseOption':
      return [...LEASE_OPTION_FIELDS]
    default:
      return []
  }
}

export const DealInputSchema = DealFieldsSchema.superRefine((deal, ctx) => {
  if (deal.dealCategory === 'creative' && !deal.purchaseType) {
    ctx.addIssue({ code: 'custom', path: ['purchaseType'], message: 'validation:purchaseTypeRequired' })
  }
  for (const field of requiredTermFields(deal)) {
    const value = deal[field]
    if (value === null || value === undefined) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'validation:required' })
    }
  }
  if (deal.monthlyPaymentCredited && deal.purchaseType === 'LeaseOption' && deal.monthlyCreditAmount === null) {
    ctx.addIssue({ code: 'custom', path: ['monthlyCreditAmount'], message: 'validation:required' })
  }
})
export type DealInput = z.output<typeof DealFieldsSchema>
export type DealFormValues = z.input<typeof DealFieldsSchema>

export const DealPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int(),
})
export type DealPhoto = z.infer<typeof DealPhotoSchema>

/** Whether a buyer may still act on the listing (spec §4: pending → "no new offers"; sold/canceled → gone). */
export const DealAvailabilitySchema = z.enum(['available', 'no-new-offers', 'unavailable'])

export const DealSellerSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  companyLogoUrl: z.string().nullable(),
  callBookingLink: z.string().nullable(),
})

export const StatusHistoryEntrySchema = z.object({
  status: ListingStatusSchema,
  date: isoDate,
  source: z.enum(['platform', 'off-platform', 'system']),
  comments: z.string().nullable(),
  reason: z.string().nullable(),
})
export type StatusHistoryEntry = z.infer<typeof StatusHistoryEntrySchema>

/**
 * A listing as `GET /api/deals/{id}` answers it. With `hideAddress`, a viewer who is not the seller (nor an
 * admin/owner, nor a buyer whose offer was accepted) gets `streetAddress: null` and `addressHidden: true`.
 */
export const DealSchema = DealFieldsSchema.omit({ legalCertification: true, initialStatus: true }).extend({
  // Answers carry what is stored: the input bounds must not make an older listing unreadable.
  ...(Object.fromEntries(DEAL_NUMBER_FIELDS.map((field) => [field, z.number().nullable()])) as Record<
    DealNumberField,
    z.ZodNullable<z.ZodNumber>
  >),
  // Plain on the wire: the form's fields turn blanks into null, and an answer is already stored that way.
  expectedCloseOfEscrow: z.iso.date().nullable(),
  loanMaturity: z.iso.date().nullable(),
  sellerLoanMaturity: z.iso.date().nullable(),
  additionalParking: z.string().nullable(),
  allowedPetTypes: z.string().nullable(),
  id: z.string(),
  streetAddress: z.string().nullable(),
  addressHidden: z.boolean(),
  status: ListingStatusSchema,
  availability: DealAvailabilitySchema,
  legalCertification: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  photos: z.array(DealPhotoSchema),
  listedBy: DealSellerSchema,
  listedOn: isoDate,
  updatedAt: isoDate,
  favoriteCount: z.number().int(),
  isFavorite: z.boolean(),
  hasExpressedInterest: z.boolean(),
  /** What the viewer sent with their interest (to change it); null when they have not expressed any. */
  myInterest: z.object({ name: z.string(), phone: z.string(), message: z.string() }).nullable(),
  isOwner: z.boolean(),
  statusHistory: z.array(StatusHistoryEntrySchema),
  priorityNotification: z.object({ count: z.number().int(), sentAt: isoDate.nullable() }).nullable(),
})
export type Deal = z.infer<typeof DealSchema>

export const DealSummarySchema = z.object({
  id: z.string(),
  streetAddress: z.string().nullable(),
  addressHidden: z.boolean(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  dealCategory: DealCategorySchema,
  purchaseType: PurchaseTypeSchema.nullable(),
  propertyType: PropertyTypeSchema,
  purchasePrice: z.number().nullable(),
  entryFee: z.number().nullable(),
  /** The Subject-To rate, else the seller-finance rate. */
  interestRate: z.number().nullable(),
  monthlyPayment: z.number().nullable(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  squareFootage: z.number().nullable(),
  status: ListingStatusSchema,
  availability: DealAvailabilitySchema,
  tags: z.array(DealTagSchema),
  coverPhotoUrl: z.string().nullable(),
  favoriteCount: z.number().int(),
  isFavorite: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  listedOn: isoDate,
})
export type DealSummary = z.infer<typeof DealSummarySchema>

export const DealPageSchema = z.object({
  items: z.array(DealSummarySchema),
  /** Exact, or when `totalIsEstimate` the planner's estimate: at least the page plus 1,000 more exist. */
  total: z.number().int().nonnegative(),
  totalIsEstimate: z.boolean(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive().max(100),
})

export const MyDealSchema = DealSummarySchema.extend({
  interestCount: z.number().int(),
  offerCount: z.number().int(),
  updatedAt: isoDate,
})
/** A page of the seller's own listings (`GET /api/deals/mine`); a page past the end has no items. */
export const MyDealPageSchema = pageOf(MyDealSchema)
export const MyDealsQuerySchema = PageQuerySchema.extend({
  status: ListingStatusSchema.exclude(['deleted']).optional(),
  dealCategory: DealCategorySchema.optional(),
})

/** Server-clustered markers: never more than about 500 items in all. */
export const DealsMapSchema = z.object({
  clusters: z.array(z.object({ lat: z.number(), lng: z.number(), count: z.number().int() })),
  points: z.array(
    z.object({
      id: z.string(),
      lat: z.number(),
      lng: z.number(),
      price: z.number().nullable(),
      dealCategory: DealCategorySchema,
      status: ListingStatusSchema,
      /** Null when the address is hidden from this viewer; the popup then says "Address undisclosed". */
      streetAddress: z.string().nullable(),
      addressHidden: z.boolean(),
      city: z.string(),
      state: z.string(),
      zipCode: z.string(),
    }),
  ),
  total: z.number().int(),
})
export type DealsMap = z.infer<typeof DealsMapSchema>

/**
 * Where the browse filters' matches lie, so the map can fit them: the box around every match with
 * coordinates (null when none), and how many those are (compare with a map answer's `total` to tell how
 * many lie outside the view).
 */
export const DealsExtentSchema = z.object({
  total: z.number().int().nonnegative(),
  bbox: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }).nullable(),
})
export type DealsExtent = z.infer<typeof DealsExtentSchema>

export const StatusChangeInputSchema = z
  .object({
    status: ListingStatusSchema.exclude(['deleted']),
    onPlatform: z.boolean({ error: 'validation:required' }),
    comments: optionalText(1000),
    reason: optionalText(500),
  })
  .superRefine((input, ctx) => {
    if (input.status === 'canceled' && !input.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation:cancelReasonRequired' })
    }
  })
export type StatusChangeInput = z.input<typeof StatusChangeInputSchema>

/**
 * Allowed status changes (spec §4). Sold is final. Canceled may only go back to active, by its seller
 * (README Decisions). Anything else answers 409 "This status change is not allowed".
 */
export const STATUS_TRANSITIONS: Record<Exclude<z.infer<typeof ListingStatusSchema>, 'deleted'>, readonly string[]> = {
  exclusive: ['active', 'pending', 'sold', 'canceled'],
  active: ['exclusive', 'pending', 'sold', 'canceled'],
  pending: ['active', 'sold', 'canceled'],
  sold: [],
  canceled: ['active'],
}

export const FavoriteResultSchema = z.object({ favorited: z.boolean(), favoriteCount: z.number().int() })

export const InterestInputSchema = z.object({
  message: z.string(required()).trim().min(1, required()).max(1000),
  name: z.string(required()).trim().min(2, { error: 'validation:nameMin' }).max(120),
  phone: z
    .string(required())
    .transform((value) => value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, ''))
    .pipe(z.string().regex(/^\d{10}$/, { error: 'validation:invalidPhone' })),
})
export type InterestInput = z.input<typeof InterestInputSchema>

export const InterestSchema = z.object({
  id: z.string(),
  dealId: z.string(),
  buyerId: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: isoDate,
})
export type Interest = z.infer<typeof InterestSchema>
export const InterestListSchema = z.array(InterestSchema)

export const PhotoOrderInputSchema = z.object({ photoIds: z.array(z.string()).max(DEAL_PHOTO_LIMIT) })
export const DealPhotoListSchema = z.array(DealPhotoSchema)

/**
 * 409 body when the address is listed by another user: with a link to that listing, unless its address is
 * hidden (the link would confirm a street its seller keeps private).
 */
export const DuplicateAddressSchema = z.object({
  message: z.string(),
  code: z.literal('duplicate_address'),
  existingDealId: z.string().optional(),
})

/** 409 body when the seller already lists this address: saving again with `sameAddress=confirmed` publishes it. */
export const OwnDuplicateAddressSchema = z.object({
  message: z.string(),
  code: z.literal('own_duplicate_address'),
  existingDealId: z.string(),
})

/** Query of a listing save: `sameAddress=confirmed` after the seller chose to list a property they list again. */
export const SaveDealQuerySchema = z.object({ sameAddress: z.literal('confirmed').optional() })
