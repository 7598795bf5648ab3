import { z } from 'zod'
import { PageQuerySchema, pageOf } from './common'
import { isoDate, optionalText, phoneField } from './fields'

/*
 * Seller access by approval (issue 23): a buyer asks for the seller (originator) role from Profile → Roles;
 * an admin approves it (the role is granted) or declines it with a reason.
 */

export const SELLER_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const
export const SellerRequestStatusSchema = z.enum(SELLER_REQUEST_STATUSES)
export type SellerRequestStatus = z.infer<typeof SellerRequestStatusSchema>

/** Required free text, trimmed, at most `max` characters. */
const requiredText = (max: number) =>
  z
    .string({ error: 'validation:required' })
    .trim()
    .min(1, { error: 'validation:required' })
    .max(max, { error: 'validation:tooBigString' })

export const SELLER_REQUEST_LIMITS = { companyName: 120, sells: 500, note: 1000, reason: 1000 } as const

/** `POST /api/profile/seller-request`: who the person sells as and what. */
export const SellerRequestInputSchema = z.object({
  companyName: requiredText(SELLER_REQUEST_LIMITS.companyName),
  phone: phoneField,
  /** What they sell (deal types, markets), in their words. */
  sells: requiredText(SELLER_REQUEST_LIMITS.sells),
  note: optionalText(SELLER_REQUEST_LIMITS.note),
})
export type SellerRequestInput = z.infer<typeof SellerRequestInputSchema>

/** A request as its author sees it. */
export const SellerRequestSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  /** Ten digits, no formatting. */
  phone: z.string(),
  sells: z.string(),
  note: z.string().nullable(),
  status: SellerRequestStatusSchema,
  /** The admin's reason: always given with a decline. */
  reason: z.string().nullable(),
  createdAt: isoDate,
  decidedAt: isoDate.nullable(),
})
export type SellerRequest = z.infer<typeof SellerRequestSchema>

/** `GET /api/profile/seller-request`: the caller's latest request, or none. */
export const MySellerRequestSchema = z.object({ request: SellerRequestSchema.nullable() })
export type MySellerRequest = z.infer<typeof MySellerRequestSchema>

const PersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
})

/** A request as admins list it: who asked, and who decided. */
export const AdminSellerRequestSchema = SellerRequestSchema.extend({
  requester: PersonSchema,
  /** Null while pending, or when the deciding admin's account is gone. */
  decidedBy: PersonSchema.nullable(),
})
export type AdminSellerRequest = z.infer<typeof AdminSellerRequestSchema>
export const AdminSellerRequestPageSchema = pageOf(AdminSellerRequestSchema)

/** Newest first; `status` narrows the list to one state. */
export const AdminSellerRequestsQuerySchema = PageQuerySchema.extend({
  status: SellerRequestStatusSchema.optional(),
})

/** A decline always says why; the requester reads it. */
export const SellerRequestDeclineInputSchema = z.object({
  reason: requiredText(SELLER_REQUEST_LIMITS.reason),
})
export type SellerRequestDeclineInput = z.infer<typeof SellerRequestDeclineInputSchema>
