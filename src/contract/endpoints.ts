import { systemEndpoints } from './endpoints/system'
import { accountEndpoints } from './endpoints/account'
import { profileEndpoints } from './endpoints/profile'
import { invitationEndpoints } from './endpoints/invitations'
import { adminEndpoints } from './endpoints/admin'
import { adminUserEndpoints } from './endpoints/admin-users'
import { adminAccessEndpoints } from './endpoints/admin-access'
import { dealEndpoints } from './endpoints/deals'
import { realtimeEndpoints } from './endpoints/realtime'
import { devEndpoints } from './endpoints/dev'
import { chatEndpoints } from './endpoints/chat'
import { offerEndpoints } from './endpoints/offers'
import { webhookEndpoints } from './endpoints/webhooks'
import { dashboardEndpoints } from './endpoints/dashboard'
import { roadmapEndpoints } from './endpoints/roadmap'
import { feedbackEndpoints } from './endpoints/feedback'
import { sellerRequestEndpoints } from './endpoints/seller-requests'
import { trainingEndpoints } from './endpoints/training'
import { helpEndpoints } from './endpoints/help'
import { trainingAdminEndpoints } from './endpoints/training-admin'
import { helpAdminEndpoints } from './endpoints/help-admin'
import { pushEndpoints } from './endpoints/push'
import { alertEndpoints } from './endpoints/alerts'
import { savedSearchEndpoints } from './endpoints/saved-searches'
import { freshnessEndpoints } from './endpoints/freshness'
import { matchingEndpoints } from './endpoints/matching'
import { mapDemoEndpoints } from './endpoints/map-demo'
import { dealAnalyticsEndpoints } from './endpoints/deal-analytics'
import { buyerMapEndpoints } from './endpoints/buyer-maps'
import { ownersClubEndpoints } from './endpoints/owners-club'

/** Every endpoint of the API by name: the server registers, the tests drive and /api/openapi.json documents each one. */
export const endpoints = {
  ...systemEndpoints,
  ...accountEndpoints,
  ...profileEndpoints,
  ...invitationEndpoints,
  ...adminEndpoints,
  ...adminUserEndpoints,
  ...adminAccessEndpoints,
  ...dealEndpoints,
  ...realtimeEndpoints,
  ...chatEndpoints,
  ...offerEndpoints,
  ...webhookEndpoints,
  ...dashboardEndpoints,
  ...roadmapEndpoints,
  ...feedbackEndpoints,
  ...sellerRequestEndpoints,
  ...trainingEndpoints,
  ...helpEndpoints,
  ...trainingAdminEndpoints,
  ...helpAdminEndpoints,
  ...pushEndpoints,
  ...alertEndpoints,
  ...savedSearchEndpoints,
  ...freshnessEndpoints,
  ...matchingEndpoints,
  ...mapDemoEndpoints,
  ...dealAnalyticsEndpoints,
  ...buyerMapEndpoints,
  ...ownersClubEndpoints,
  ...devEndpoints,
} as const
