import type { FastifyPluginAsync } from 'fastify'
import { endpoints, ZipAnalyticsParamsSchema } from '../../../src/contract'
import { RequestValidationError } from '../../http/errors'
import { implement } from '../../http/implement'
import { buyerAnalytics } from './analytics'
import { buyerLocations } from './locations'
import { DEMAND_TOPIC, markDemandChanged } from './snapshot'
import { warmBuyerMaps } from './warm'
import { zipAnalytics } from './zip-analytics'

/**
 * Buyer demand (issue 26): the buyer map and its analytics for sellers, owners and admins (the contract's
 * roles), and a ZIP code's analytics for anyone, signed in or not.
 */
export const buyerMapRoutes: FastifyPluginAsync = async (app) => {
  // Every buyer's demand read into memory as the server starts, not awaited: no first request waits for it.
  app.addHook('onReady', async () => {
    void warmBuyerMaps(app.db, (error) => app.log.warn({ err: error }, 'buyer demand not read at start'))
  })
  // A buyer saved on another instance (or this one, again: marking twice is harmless) is read again.
  app.bus.subscribe(DEMAND_TOPIC, (userId) => {
    if (typeof userId === 'string') markDemandChanged(app.db, userId)
  })
  implement(app, endpoints.buyerLocations, async (request) => buyerLocations(app.db, request.query))
  implement(app, endpoints.buyerAnalytics, async (request) => buyerAnalytics(app.db, request.query))
  implement(app, endpoints.zipAnalytics, async (request) => {
    const params = ZipAnalyticsParamsSchema.safeParse(request.params)
    if (!params.success) throw new RequestValidationError(params.error.issues)
    return zipAnalytics(app.db, params.data.zip, request.query.radiusMiles)
  })
}
