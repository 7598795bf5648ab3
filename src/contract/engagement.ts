import { z } from 'zod'
import { required } from './deal-fields'
import { isoDate } from './fields'
import { ListingStatusSchema } from './values'

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

/**
 * An interest as the listing's seller (or an admin or owner) reads it: with the buyer's Certified badge and
 * the id of their conversation with the seller about this listing (null while there is none).
 */
export const ReceivedInterestSchema = InterestSchema.extend({
  certified: z.boolean(),
  threadId: z.string().nullable(),
})
export type ReceivedInterest = z.infer<typeof ReceivedInterestSchema>
export const InterestListSchema = z.array(ReceivedInterestSchema)

/** A listing in a list of the viewer's own (interests, offers), as they may see it: the street null while hidden. */
export const DealAsSeenSchema = z.object({
  id: z.string(),
  streetAddress: z.string().nullable(),
  addressHidden: z.boolean(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  status: ListingStatusSchema,
  coverPhotoUrl: z.string().nullable(),
})

/** One of the buyer's own interests with its listing as the buyer may see it (the street null while hidden). */
export const MyInterestSchema = z.object({
  id: z.string(),
  message: z.string(),
  /** When the buyer last told the seller (sending it again replaces the message). */
  createdAt: isoDate,
  deal: DealAsSeenSchema,
})
export type MyInterest = z.infer<typeof MyInterestSchema>
export const MyInterestListSchema = z.array(MyInterestSchema)
