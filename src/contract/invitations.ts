import { z } from 'zod'
import { InvitationStatusSchema, RoleSchema } from './auth'
import { emailField, isoDate, strictNumber } from './fields'

export const INVITATION_VALID_DAYS = 90

export const InvitationSchema = z.object({
  id: z.string(),
  token: z.string(),
  /** The sign-up link to share: `<PUBLIC_URL>/signup?invitation=<token>`. */
  link: z.string(),
  role: RoleSchema,
  email: z.string().nullable(),
  createdAt: isoDate,
  expiresAt: isoDate,
  status: InvitationStatusSchema,
})
export type Invitation = z.infer<typeof InvitationSchema>

/**
 * `POST /api/invitations`: a batch of links for one role. Sellers invite buyers and sellers; owners and
 * admins any role below admin; admins also admins. `count` is capped by the configured batch limit.
 */
export const CreateInvitationsInputSchema = z.object({
  role: RoleSchema,
  count: strictNumber().int().min(1).max(100).default(1),
  email: emailField.optional(),
})
export type CreateInvitationsInput = z.input<typeof CreateInvitationsInputSchema>

export const InvitationListSchema = z.array(InvitationSchema)
