export { InvitationsPanel } from './invitations-panel'
export { InvitationDetails } from './invitation-details'
export { InvitationStatusBadge } from './status-badge'
export {
  invitationValidationQuery,
  isRejectedInvitation,
  myInvitationsQuery,
  useCreateInvitations,
  useInvitationValidation,
  useMyInvitations,
} from './api'
export { invitableRoles } from './invitable-roles'
export { parseInvitationToken } from './parse-token'
