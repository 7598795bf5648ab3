import { z } from 'zod'
import { pageOf, PageQuerySchema } from './common'
import { isoDate, optionalText } from './fields'
import {
  DealCategorySchema,
  DealTagSchema,
  ListingStatusSchema,
  PropertyTypeSchema,
  PurchaseTypeSchema,
} from './values'
import { MatchScoreSchema } from './matching'
import { DEAL_PHOTO_LIMIT, DealFieldsSchema, DEAL_NUMBER_FIELDS, type DealNumberField } from './deal-fields'

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
  /** Days since the seller last updated or confirmed a live listing, once past the stale period; else null. */
  staleDays: z.number().int().nullable().default(null),
})
export type Deal = z.infer<typeof DealSchema>

/** Whether a browse page carries the viewer's match (see DealPageSchema.matching). */
export const MATCHING_STATES = ['scored', 'no-criteria', 'off'] as const
export type MatchingState = (typeof MATCHING_STATES)[number]

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
  /** Days since the seller last updated or confirmed a live listing, once past the stale period; else null. */
  staleDays: z.number().int().nullable().default(null),
  /** How well it suits the signed-in buyer (their top reasons only); null or absent without criteria. */
  match: MatchScoreSchema.nullable().optional(),
})
export type DealSummary = z.infer<typeof DealSummarySchema>

export const DealPageSchema = z.object({
  items: z.array(DealSummarySchema),
  /** Exact, or when `totalIsEstimate` the planner's estimate: at least the page plus 1,000 more exist. */
  total: z.number().int().nonnegative(),
  totalIsEstimate: z.boolean(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive().max(100),
  /**
   * `scored`: each item carries the viewer's match; `no-criteria`: a buyer who has set neither a buy box nor
   * preferences (the page shows how to); `off`: not a buyer.
   */
  matching: z.enum(MATCHING_STATES).optional(),
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

export const PhotoOrderInputSchema = z.object({ photoIds: z.array(z.string()).max(DEAL_PHOTO_LIMIT) })
export const DealPhotoListSchema = z.array(DealPhotoSchema)
