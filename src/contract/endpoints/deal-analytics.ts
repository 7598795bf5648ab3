import { endpoint } from '../endpoint'
import { DealAnalyticsSchema } from '../deal-analytics'

/** A listing's analytics (issue 26): its seller, admins and owners. */
export const dealAnalyticsEndpoints = {
  dealAnalytics: endpoint({
    method: 'GET',
    path: '/api/deals/:id/analytics',
    auth: 'user',
    responses: { 200: DealAnalyticsSchema },
  }),
}
