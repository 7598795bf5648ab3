import { z } from 'zod'
import { PRICE_MAX, required } from './deal-fields'
import { DealAsSeenSchema } from './engagement'
import { CsvExportQuerySchema } from './common'
import { DISCOUNT_RATE_MAX } from './deal-math/offer-value'
import { hasDecimalPlaces, isoDate, optionalText, queryNumber, strictNumber } from './fields'

/*
 * Offers (spec §3 Offer, §4 accepting offers, §5 Offer rules). A buyer makes one open (`submitted`) offer per
 * listing at a time; a new one replaces it (the old one `withdrawn`, kept). Accepting one makes the listing
 * pending and every other open offer `not_accepted`; a listing back to active from pending `released` its
 * accepted offer.
 */

export const OFFER_TYPES = ['cash', 'creative'] as const
export const OfferTypeSchema = z.enum(OFFER_TYPES)
export const OFFER_STATUSES = ['submitted', 'accepted', 'declined', 'withdrawn', 'not_accepted', 'released'] as const
export const OfferStatusSchema = z.enum(OFFER_STATUSES)
export type OfferStatus = z.infer<typeof OfferStatusSchema>

export const OFFER_MESSAGE_MAX = 2000
export const DECLINE_REASON_MAX = 1000
/** Spec §9: a close of escrow in 30 days or less is typical (the form's hint). */
export const TYPICAL_CLOSE_DAYS = 30

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value)

/** An amount in dollars and cents, positive; a blank is "not given" (null), which the type rules judge. */
const amount = z.preprocess(
  blankToNull,
  strictNumber()
    .refine((n) => n > 0, { error: 'validation:positive' })
    .max(PRICE_MAX)
    .refine((n) => hasDecimalPlaces(n, 2), { error: 'validation:moneyDecimals' })
    .nullable(),
)

/**
 * `true` when the ISO date `date` (YYYY-MM-DD) is before `today` (YYYY-MM-DD). The server judges it by its
 * own clock (`offerToday`); the form may show the same message early by the browser's.
 */
export const isCloseDateInPast = (date: string, today: string) => date < today

/**
 * "Today" for the close-date rule: the calendar day in the westernmost US time zone (Hawaii), the last
 * place in the country where a day is still today, so no buyer's own today is refused as the past.
 */
export const offerToday = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Pacific/Honolulu',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)

/**
 * What the offer form sends (spec §5 Offer): a type; a purchase price for cash, an entry fee for creative
 * (the other amount is dropped); an estimated close of escrow date (not in the past: judged by the server's
 * clock, `validation:offerCloseDatePast` on `closeOfEscrowDate`); an optional message.
 */
export const OfferInputSchema = z
  .object({
    type: z.enum(OFFER_TYPES, required('validation:offerTypeRequired')),
    purchasePrice: amount.optional(),
    entryFee: amount.optional(),
    closeOfEscrowDate: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.iso.date({
        error: (issue) => (issue.input === undefined ? 'validation:offerCloseDateRequired' : 'validation:invalidDate'),
      }),
    ),
    message: optionalText(OFFER_MESSAGE_MAX),
  })
  .superRefine((offer, ctx) => {
    if (offer.type === 'cash' && offer.purchasePrice == null) {
      ctx.addIssue({ code: 'custom', path: ['purchasePrice'], message: 'validation:offerPurchasePriceRequired' })
    }
    if (offer.type === 'creative' && offer.entryFee == null) {
      ctx.addIssue({ code: 'custom', path: ['entryFee'], message: 'validation:offerEntryFeeRequired' })
    }
  })
  .transform((offer) => ({
    type: offer.type,
    purchasePrice: offer.type === 'cash' ? (offer.purchasePrice ?? null) : null,
    entryFee: offer.type === 'creative' ? (offer.entryFee ?? null) : null,
    closeOfEscrowDate: offer.closeOfEscrowDate,
    message: offer.message,
  }))
export type OfferInput = z.input<typeof OfferInputSchema>
export type OfferValues = z.output<typeof OfferInputSchema>

/** An optional reason; no body at all is a decline without one. */
export const DeclineOfferInputSchema = z
  .object({ reason: optionalText(DECLINE_REASON_MAX) })
  .nullish()
  .transform((input) => ({ reason: input?.reason ?? null }))

export const OfferSchema = z.object({
  id: z.string(),
  dealId: z.string(),
  buyer: z.object({ id: z.string(), name: z.string(), certified: z.boolean() }),
  type: OfferTypeSchema,
  purchasePrice: z.number().nullable(),
  entryFee: z.number().nullable(),
  /** YYYY-MM-DD. */
  closeOfEscrowDate: z.iso.date(),
  message: z.string().nullable(),
  status: OfferStatusSchema,
  declineReason: z.string().nullable(),
  createdAt: isoDate,
  /** When it left `submitted` (accepted, declined, withdrawn, not accepted), or was released. */
  decidedAt: isoDate.nullable(),
})
export type Offer = z.infer<typeof OfferSchema>

/**
 * An offer as the listing's seller (or an admin or owner) reads it: with the id of the conversation between
 * its buyer and the seller about this listing, null while they have none.
 */
export const ReceivedOfferSchema = OfferSchema.extend({ threadId: z.string().nullable() })
export type ReceivedOffer = z.infer<typeof ReceivedOfferSchema>
export const OfferListSchema = z.array(ReceivedOfferSchema)

/** The buyer's own offer with its listing as the buyer may see it (the street null while it is hidden). */
export const MyOfferSchema = OfferSchema.extend({ deal: DealAsSeenSchema.omit({ coverPhotoUrl: true }) })
export type MyOffer = z.infer<typeof MyOfferSchema>
export const MyOfferListSchema = z.array(MyOfferSchema)

/** `dealId`: only the caller's offers on that listing (the deal page's "Your offers"). */
export const MyOffersQuerySchema = z.object({ dealId: z.string().min(1).max(100).optional() })

/**
 * A discount rate in annual percent (8 means 8 %), 0 to 100 with up to three decimals: the rate the seller
 * values later payments at (deal-math/offer-value.ts). The offers page keeps it in its URL (`?rate=`).
 */
export const discountRate = () =>
  strictNumber()
    .min(0)
    .max(DISCOUNT_RATE_MAX)
    .refine((n) => hasDecimalPlaces(n, 3), { error: 'validation:rateDecimals' })

/** The offers CSV: the time zone of its times and the discount rate of its value columns (8 % when absent). */
export const OffersCsvQuerySchema = CsvExportQuerySchema.extend({ discountRate: queryNumber(discountRate()).optional() })
