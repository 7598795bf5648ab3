import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { bestNewMatches } from './best-matches'
import { currentNews, startVisit } from './service'

/** The hybrid dashboard's news (spec §2 /dashboard): always about the caller's own listings. */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.startDashboardVisit, async (request) => startVisit(app, request.user.id))
  implement(app, endpoints.dashboardNews, async (request) => currentNews(app, request.user.id))
  implement(app, endpoints.bestNewMatches, async (request) => bestNewMatches(app.db, request.user, app.now()))
}
