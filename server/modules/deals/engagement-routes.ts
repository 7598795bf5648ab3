import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { csvFilename, sendCsv } from '../../lib/csv'
import { assertMayExpressInterest, expressInterest, interestsOf } from './interest'
import { setFavorite } from './favorites'
import { myInterests } from './my-interests'
import { withDeal } from './with-deal'
import { interestsCsv } from './interests-csv'

/** Favorites and buyers' interest in a listing. */
export const engagementRoutes: FastifyPluginAsync = async (app) => {
  const loadDeal = withDeal(app)
  const loadManagedDeal = withDeal(app, { mustOwn: true })

  // Both verbs are idempotent: the answer is the state after the call, however often it is sent.
  implement(
    app,
    endpoints.favoriteDeal,
    async (request) => {
      return setFavorite(app.db, request.user.id, request.deal.id, true)
    },
    { preValidation: loadDeal },
  )

  implement(
    app,
    endpoints.unfavoriteDeal,
    async (request) => {
      return setFavorite(app.db, request.user.id, request.deal.id, false)
    },
    { preValidation: loadDeal },
  )

  implement(
    app,
    endpoints.expressInterest,
    async (request) => {
      return expressInterest(app, request.user, request.deal.id, request.body)
    },
    { preValidation: [loadDeal, async (request) => assertMayExpressInterest(request.deal, request.user)] },
  )

  implement(app, endpoints.listInterests, async (request) => interestsOf(app.db, request.deal.id), {
    preValidation: loadManagedDeal,
  })

  // The same people and access as the list above, as a download (spec §2: interested users with CSV export).
  implement(
    app,
    endpoints.exportInterestsCsv,
    async (request, reply) => {
      const { deal } = request
      const csv = interestsCsv(await interestsOf(app.db, deal.id), request, request.query.timeZone)
      const filename = csvFilename(['interested-buyers', deal.streetAddress], app.now())
      return sendCsv(reply, filename, csv)
    },
    { preValidation: loadManagedDeal },
  )

  implement(app, endpoints.myInterests, async (request) => myInterests(app.db, request.user))
}
