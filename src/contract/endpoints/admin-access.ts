import { endpoint } from '../endpoint'
import { AccessLimitsSchema, WaitlistEntrySchema } from '../admin'
import {
  AccessSummarySchema,
  AdminInvitationPageSchema,
  AdminInvitationSchema,
  AdminInvitationsQuerySchema,
  WaitlistInviteInputSchema,
  WaitlistInviteResultSchema,
} from '../admin-access'

/**
 * The admin panel's Beta access section: owners and admins read, admins change (owners pass every role
 * check, spec §6). Every change is audited in its transaction.
 */
export const adminAccessEndpoints = {
  adminAccessSummary: endpoint({
    method: 'GET',
    path: '/api/admin/access',
    auth: 'user',
    roles: ['owner'],
    responses: { 200: AccessSummarySchema },
  }),
  /** Capacity and the invitation batch limit alone (the webinar flag is left as it is). */
  adminPutAccessLimits: endpoint({
    method: 'PUT',
    path: '/api/admin/access/limits',
    auth: 'user',
    body: AccessLimitsSchema,
    roles: ['admin'],
    responses: { 200: AccessSummarySchema },
  }),
  /** Each entry gets an invitation for its requested role bound to its e-mail, mailed in its language. */
  adminInviteWaitlist: endpoint({
    method: 'POST',
    path: '/api/admin/waitlist/invite',
    auth: 'user',
    body: WaitlistInviteInputSchema,
    roles: ['admin'],
    responses: { 200: WaitlistInviteResultSchema },
  }),
  /** Sets declinedAt and tells the person by mail, in their language. */
  adminDeclineWaitlist: endpoint({
    method: 'POST',
    path: '/api/admin/waitlist/:id/decline',
    auth: 'user',
    roles: ['admin'],
    responses: { 200: WaitlistEntrySchema },
  }),
  adminInvitations: endpoint({
    method: 'GET',
    path: '/api/admin/invitations',
    auth: 'user',
    query: AdminInvitationsQuerySchema,
    roles: ['owner'],
    responses: { 200: AdminInvitationPageSchema },
  }),
  /** A pending invitation with an address: mailed again, resentAt set. */
  adminResendInvitation: endpoint({
    method: 'POST',
    path: '/api/admin/invitations/:id/resend',
    auth: 'user',
    roles: ['admin'],
    responses: { 200: AdminInvitationSchema },
  }),
  /** A pending invitation withdrawn: its link signs no one up (answered as an expired one). */
  adminRevokeInvitation: endpoint({
    method: 'POST',
    path: '/api/admin/invitations/:id/revoke',
    auth: 'user',
    roles: ['admin'],
    responses: { 200: AdminInvitationSchema },
  }),
} as const
