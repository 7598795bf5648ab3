import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { getSetting, putListingFreshness } from '../settings/service'
import { defineFreshnessJob } from './job'
import { confirmListing } from './service'
import { listingOfToken } from './token'

/** Listing freshness: its settings, "Still available" (signed in, or by the reminder's link) and the daily job. */
export const freshnessRoutes: FastifyPluginAsync = async (app) => {
  defineFreshnessJob(app)

  implement(app, endpoints.adminGetListingFreshness, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return getSetting(app.db, 'listing_freshness')
  })
  implement(app, endpoints.adminPutListingFreshness, async (request) =>
    putListingFreshness(app.db, request.body, request.user),
  )

  implement(app, endpoints.confirmListing, async (request) => confirmListing(app, request.params.id, request.user))

  implement(app, endpoints.confirmListingByToken, async (request) => {
    const dealId = await listingOfToken(app.db, request.body.token)
    if (!dealId) throw new AppError(400, 'invalid_token', 'listingConfirmTokenInvalid')
    return confirmListing(app, dealId, null)
  })
}
