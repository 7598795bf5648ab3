import { z } from 'zod'
import { InvitationStatusSchema, RoleSchema } from './auth'
import { isoDate, queryNumber, rowId } from './fields'
import { pageOf } from './common'
import { WaitlistEntrySchema } from './admin'

/** The beta at a glance (admin panel → Beta access): members against capacity, and what holds seats. */
export const AccessSummarySchema = z.object({
  /** Active accounts. */
  members: z.number().int().nonnegative(),
  betaCapacity: z.number().int().nonnegative(),
  invitationBatchLimit: z.number().int().positive(),
  /** Invitations still open: request-access counts them as taken seats too. */
  pendingInvitations: z.number().int().nonnegative(),
  /** Waitlist entries neither invited nor declined. */
  waiting: z.number().int().nonnegative(),
})
export type AccessSummary = z.infer<typeof AccessSummarySchema>

/** The waitlist, oldest first, searched by name or e-mail. */
export const WaitlistQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: queryNumber(z.number().int().positive()).default(1),
  pageSize: queryNumber(z.number().int().positive().max(100)).default(20),
})

/** Invite one or several waiting people at once: at most the invitation batch limit (checked by the server). */
export const WaitlistInviteInputSchema = z.object({
  ids: z.array(rowId, { error: 'validation:required' }).min(1, { error: 'validation:required' }).max(100),
})
export const WaitlistInviteResultSchema = z.object({ entries: z.array(WaitlistEntrySchema) })

/** Every invitation, newest first, as the admins see it (no token: the link goes only to the invitee). */
export const AdminInvitationSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  role: RoleSchema,
  status: InvitationStatusSchema,
  /** Who made it; null for the ones request-access made. */
  sentBy: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }).nullable(),
  createdAt: isoDate,
  expiresAt: isoDate,
  usedAt: isoDate.nullable(),
  revokedAt: isoDate.nullable(),
  resentAt: isoDate.nullable(),
})
export type AdminInvitation = z.infer<typeof AdminInvitationSchema>
export const AdminInvitationPageSchema = pageOf(AdminInvitationSchema)

export const AdminInvitationsQuerySchema = z.object({
  page: queryNumber(z.number().int().positive()).default(1),
  pageSize: queryNumber(z.number().int().positive().max(100)).default(20),
})
