import { endpoint } from '../endpoint'
import {
  AdminSettingsSchema,
  AdminUserPageSchema,
  AdminUserSchema,
  AdminUserUpdateInputSchema,
  AdminUsersQuerySchema,
  WaitlistEntrySchema,
  WaitlistPageSchema,
} from '../admin'
import { WaitlistQuerySchema } from '../admin-access'

export const adminEndpoints = {
  adminUsers: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    auth: 'user',
    query: AdminUsersQuerySchema,
    roles: ['owner'],
    responses: { 200: AdminUserPageSchema },
  }),
  adminUpdateUser: endpoint({
    method: 'PATCH',
    path: '/api/admin/users/:id',
    auth: 'user',
    body: AdminUserUpdateInputSchema,
    roles: ['admin'],
    responses: { 200: AdminUserSchema },
  }),
  adminGetSettings: endpoint({
    method: 'GET',
    path: '/api/admin/settings',
    auth: 'user',
    roles: ['admin'],
    responses: { 200: AdminSettingsSchema },
  }),
  adminPutSettings: endpoint({
    method: 'PUT',
    path: '/api/admin/settings',
    auth: 'user',
    body: AdminSettingsSchema,
    roles: ['admin'],
    responses: { 200: AdminSettingsSchema },
  }),
  /** Oldest request first (first come, first served), searched by name or e-mail (`q`). */
  adminWaitlist: endpoint({
    method: 'GET',
    path: '/api/admin/waitlist',
    auth: 'user',
    query: WaitlistQuerySchema,
    roles: ['owner'],
    responses: { 200: WaitlistPageSchema },
  }),
  /** E-mails the entry an invitation (its open one again, or a new one) and sets invitedAt. */
  adminInviteFromWaitlist: endpoint({
    method: 'POST',
    path: '/api/admin/waitlist/:id/invite',
    auth: 'user',
    roles: ['admin'],
    responses: { 200: WaitlistEntrySchema },
  }),
} as const
