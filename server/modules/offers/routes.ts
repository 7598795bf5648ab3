import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { csvFilename, sendCsv } from '../../lib/csv'
import { withDeal } from '../deals/with-deal'
import { offersCsv } from './offers-csv'
import {
  acceptOffer,
  assertMayOffer,
  declineOffer,
  myOffers,
  offersOf,
  receivedOffersOf,
  submitOffer,
  withdrawOffer,
} from './service'

/** Offers on listings: the buyer's side (submit, withdraw, mine) and the seller's (list, export, decide). */
export const offerRoutes: FastifyPluginAsync = async (app) => {
  const loadDeal = withDeal(app)
  const loadManagedDeal = withDeal(app, { mustOwn: true })

  implement(
    app,
    endpoints.submitOffer,
    async (request) => submitOffer(app, request.user, request.deal.id, request.body, request.t),
    // Who may offer is settled before the body is judged: the seller of a sold listing learns nothing else.
    { preValidation: [loadDeal, async (request) => assertMayOffer(request.deal, request.user)] },
  )

  implement(app, endpoints.listOffers, async (request) => receivedOffersOf(app.db, request.deal.id), {
    preValidation: loadManagedDeal,
  })

  implement(
    app,
    endpoints.exportOffersCsv,
    async (request, reply) => {
      const { deal } = request
      const { timeZone, discountRate } = request.query
      const csv = offersCsv(await offersOf(app.db, deal.id), deal, request, { timeZone, discountRate, asOf: app.now() })
      const filename = csvFilename(['offers', deal.streetAddress], app.now())
      return sendCsv(reply, filename, csv)
    },
    { preValidation: loadManagedDeal },
  )

  implement(app, endpoints.acceptOffer, async (request) => acceptOffer(app, request.user, request.params.offerId))

  implement(app, endpoints.declineOffer, async (request) =>
    declineOffer(app, request.user, request.params.offerId, request.body.reason),
  )

  implement(app, endpoints.withdrawOffer, async (request) => withdrawOffer(app, request.user, request.params.offerId))

  implement(app, endpoints.myOffers, async (request) => myOffers(app.db, request.user, request.query.dealId))
}
