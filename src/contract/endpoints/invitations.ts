import { endpoint } from '../endpoint'
import { CreateInvitationsInputSchema, InvitationListSchema } from '../invitations'

export const invitationEndpoints = {
  listInvitations: endpoint({
    method: 'GET',
    path: '/api/invitations',
    auth: 'user',
    responses: { 200: InvitationListSchema },
  }),
  createInvitations: endpoint({
    method: 'POST',
    path: '/api/invitations',
    auth: 'user',
    body: CreateInvitationsInputSchema,
    roles: ['originator'],
    responses: { 200: InvitationListSchema },
  }),
} as const
