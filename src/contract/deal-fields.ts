import { z } from 'zod'
import { hasDecimalPlaces, optionalText, stateField, strictNumber, zipCodeField } from './fields'
import {
  DealCategorySchema,
  DealTagSchema,
  DEED_TRANSFER_TYPES,
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
export const required = (message = 'validation:required') => ({ error: message })

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
export type DealNumberField = (typeof DEAL_NUMBER_FIELDS)[number]

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
