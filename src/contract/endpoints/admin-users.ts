import { endpoint } from '../endpoint'
import { AdminUserDetailSchema, AuditPageSchema, AuditQuerySchema } from '../admin-users'

/** The admin panel's user page and audit log: owners read them (owners pass every role check). */
export const adminUserEndpoints = {
  adminUser: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id',
    auth: 'user',
    roles: ['owner'],
    responses: { 200: AdminUserDetailSchema },
  }),
  /** Every recorded admin action, newest first; the log is never changed. */
  adminAudit: endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    auth: 'user',
    query: AuditQuerySchema,
    roles: ['owner'],
    responses: { 200: AuditPageSchema },
  }),
} as const
