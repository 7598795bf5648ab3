import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { withDeal } from '../deals/with-deal'
import { dealAnalyticsOf } from './service'

/** `GET /api/deals/:id/analytics`: the listing's seller, admins and owners (403), a live listing (404). */
export const dealAnalyticsRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.dealAnalytics, async (request) => dealAnalyticsOf(app.db, request.deal, app.now()), {
    preValidation: withDeal(app, { mustOwn: true }),
  })
}
