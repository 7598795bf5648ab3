import { z } from 'zod'
import { AdminUserSchema } from './admin'
import { isoDate, queryNumber } from './fields'
import { pageOf } from './common'

/** `GET /api/admin/users/:id`: the account as the panel's user page shows it. */
export const AdminUserDetailSchema = AdminUserSchema.extend({
  /** Why an admin deactivated the account (null while active). */
  deactivationReason: z.string().nullable(),
  /** The invitation the person signed up with, and who sent it (null: the request-access flow). */
  invitation: z
    .object({
      id: z.string(),
      role: z.string(),
      sentAt: isoDate,
      sentBy: z.object({ id: z.string(), email: z.string() }).nullable(),
    })
    .nullable(),
  counts: z.object({
    /** Listings they created (deleted ones left out). */
    listings: z.number().int().nonnegative(),
    /** Offers they made on others' listings. */
    offers: z.number().int().nonnegative(),
    /** Listings they said they are interested in. */
    interests: z.number().int().nonnegative(),
  }),
})
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>

/** What the audit log records a target as (server/modules/audit/record.ts). */
export const AUDIT_TARGET_TYPES = [
  'user',
  'settings',
  'invitation',
  'waitlist',
  'seller_request',
  'feedback',
  'roadmap',
  'training_lesson',
  'help_question',
  'help_article',
  'help_category',
] as const
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number]

export const AuditEntrySchema = z.object({
  id: z.string(),
  createdAt: isoDate,
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  /** `<target>.<verb>`, e.g. `user.roles`, `user.status`, `settings.update`. */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>
export const AuditPageSchema = pageOf(AuditEntrySchema)

const dateOnly = z.iso.date({ error: 'validation:invalidDate' })

/** Filters of `GET /api/admin/audit`; newest first. `from`/`to` are days (UTC), both included. */
export const AuditQuerySchema = z.object({
  action: z.string().trim().max(60).optional(),
  targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
  actorEmail: z.string().trim().max(254).optional(),
  targetId: z.string().trim().max(100).optional(),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
  page: queryNumber(z.number().int().positive()).default(1),
  pageSize: queryNumber(z.number().int().positive().max(100)).default(25),
})
export type AuditQuery = z.infer<typeof AuditQuerySchema>
