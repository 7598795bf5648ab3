import { endpoint } from '../endpoint'
import { DashboardNewsSchema } from '../dashboard'

/**
 * The hybrid dashboard's selling mode (spec §2): what is new on the caller's own listings since their last
 * visit. Sellers, admins and owners; each reads only news of the listings they sell themselves.
 */
export const dashboardEndpoints = {
  /** Starts a visit (the one before it becomes `since`) and answers what is new since that earlier visit. */
  startDashboardVisit: endpoint({
    method: 'POST',
    path: '/api/dashboard/visits',
    auth: 'user',
    roles: ['originator'],
    responses: { 200: DashboardNewsSchema },
  }),
  /** What is new since the same `since` as the visit under way, without starting another. */
  dashboardNews: endpoint({
    method: 'GET',
    path: '/api/dashboard/news',
    auth: 'user',
    roles: ['originator'],
    responses: { 200: DashboardNewsSchema },
  }),
} as const
