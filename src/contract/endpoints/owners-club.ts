import { ApiErrorBodySchema } from '../common'
import { endpoint } from '../endpoint'
import { MessageBuyerInputSchema, ThreadSchema } from '../chat'
import { OwnersLocationsSchema } from '../owners-club'

const MEMBERS = ['originator', 'owner', 'admin'] as const

/** The Owners Club (issue 26): sellers, owners and admins only. */
export const ownersClubEndpoints = {
  ownersLocations: endpoint({
    method: 'GET',
    path: '/api/owners/locations',
    auth: 'user',
    roles: MEMBERS,
    summary: "Members' markets by ZIP code and the directory of members who opted in.",
    responses: { 200: OwnersLocationsSchema },
  }),
  /**
   * Writes to a member of the directory: starts the caller's conversation with them (tied to no listing) with
   * this message, or adds it to the one the two already have, whoever started it (as `messageBuyer`). 404 for
   * anyone not in the directory (not a member, not opted in, unknown) and for oneself.
   */
  startMemberConversation: endpoint({
    method: 'POST',
    path: '/api/owners/:userId/conversation',
    auth: 'user',
    roles: MEMBERS,
    summary: 'Message an Owners Club member.',
    body: MessageBuyerInputSchema,
    responses: {
      200: ThreadSchema,
      404: ApiErrorBodySchema.describe('member_not_found: no such member in the directory (or oneself).'),
      409: ApiErrorBodySchema.describe('thread_blocked: the conversation is blocked.'),
    },
  }),
}
