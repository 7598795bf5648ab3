import { z } from 'zod'
import { RoleSchema, UserStatusSchema } from './auth'
import { emailField, isoDate, queryNumber, strictNumber, URL_MAX } from './fields'
import { pageOf } from './common'

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  roles: z.array(RoleSchema),
  status: UserStatusSchema,
  createdAt: isoDate,
  /** When the person last signed in (a new session), null if never since this was recorded. */
  lastSignInAt: isoDate.nullable(),
})
export type AdminUser = z.infer<typeof AdminUserSchema>
export const AdminUserPageSchema = pageOf(AdminUserSchema)

/** The columns the users table sorts by. */
export const ADMIN_USER_SORTS = ['createdAt', 'lastSignInAt', 'name', 'email'] as const

export const AdminUsersQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  role: RoleSchema.optional(),
  status: UserStatusSchema.optional(),
  /** Newest sign-up first unless told otherwise; people who never signed in sort last either way. */
  sort: z.enum(ADMIN_USER_SORTS).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: queryNumber(z.number().int().positive()).default(1),
  pageSize: queryNumber(z.number().int().positive().max(100)).default(20),
})

export const AdminUserUpdateInputSchema = z
  .object({
    roles: z.array(RoleSchema).min(1).optional(),
    status: UserStatusSchema.optional(),
    /** Why the account is deactivated: required with `status: 'deactivated'`, shown in the panel and the log. */
    reason: z.string().trim().max(500).optional(),
  })
  .refine((value) => value.roles !== undefined || value.status !== undefined, { error: 'validation:required' })
  .refine((value) => value.status !== 'deactivated' || Boolean(value.reason), {
    error: 'validation:required',
    path: ['reason'],
  })

/** The webinar's registration page: https only, since it opens from every member's page. */
export const webinarUrlField = z
  .string({ error: 'validation:invalidUrl' })
  .max(URL_MAX, { error: 'validation:urlTooLong' })
  .refine((value) => z.url().safeParse(value).success, { error: 'validation:invalidUrl', abort: true })
  .refine((value) => z.url({ protocol: /^https$/ }).safeParse(value).success, { error: 'validation:httpsUrl' })

/** Beta admission: how many active users request-access admits, and the invitation batch size. */
export const AccessLimitsSchema = z.object({
  /** How many active users the beta admits; request-access waitlists beyond it. */
  betaCapacity: strictNumber().int().min(0).max(1_000_000),
  /** The most invitation links one POST /api/invitations (or one waitlist invite) may create. */
  invitationBatchLimit: strictNumber().int().min(1).max(100),
})
export type AccessLimits = z.infer<typeof AccessLimitsSchema>

export const AdminSettingsSchema = AccessLimitsSchema.extend({
  enableWebinarBanner: z.boolean(),
  webinarRegistrationUrl: webinarUrlField.nullable(),
}).superRefine((value, ctx) => {
  // The banner stays hidden without a link: turning it on asks for one.
  if (value.enableWebinarBanner && !value.webinarRegistrationUrl) {
    ctx.addIssue({ code: 'custom', path: ['webinarRegistrationUrl'], message: 'validation:webinarUrlRequired' })
  }
})
export type AdminSettings = z.infer<typeof AdminSettingsSchema>

export const WaitlistEntrySchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  role: RoleSchema,
  createdAt: isoDate,
  invitedAt: isoDate.nullable(),
  /** An admin declined the request (the person was told by mail). */
  declinedAt: isoDate.nullable(),
})
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>
export const WaitlistPageSchema = pageOf(WaitlistEntrySchema)

/** `GET /api/dev/outbox` (embedded mode only): mails the server sent, newest first. */
export const OutboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Machine-readable facts for tests and tools: e.g. `{ code }`, `{ link }`. */
  data: z.record(z.string(), z.string()),
  template: z.string(),
  createdAt: isoDate,
  /** The queue (issue 25): queued → sent, or failed after its tries; `recorded` when no SMTP is configured. */
  state: z.enum(['queued', 'sent', 'failed', 'recorded']),
  /** SMTP tries so far, and the last one's error while it is not sent. */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: isoDate.nullable(),
})
export const OutboxSchema = z.object({ mails: z.array(OutboxMailSchema) })
/** Which recorded mails `GET /api/dev/outbox` lists: to one address, of one template, or all of them. */
export const OutboxQuerySchema = z.object({
  to: emailField.optional(),
  template: z.string().trim().max(40).optional(),
})
