import { z } from 'zod'
import { required } from './deal-fields'
import { isoDate } from './fields'

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
