import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'drizzle-orm'
import { endpoints, MATCH_BANDS, type MatchBands } from '../../../src/contract'
import type { Database } from '../../db/client'
import { implement } from '../../http/implement'
import { scoreBuyersForListing } from '../matching/buyers-for-listing'
import { scorableListings } from '../matching/listings'
import { scoreListing } from '../matching/score'
import { matchingOf } from './browse-match'
import { withDeal } from './with-deal'

/** How many buyers fall in each band for one listing (never who). */
export async function matchBandsOf(db: Database, dealId: string, now: Date): Promise<MatchBands> {
  const [listing] = await scorableListings(db, sql`d.id = ${dealId}`, 1)
  const scores = listing ? await scoreBuyersForListing(db, listing, { now }) : []
  return {
    bands: MATCH_BANDS.map(({ min, max }) => ({
      min,
      max,
      count: scores.filter(({ match }) => match.score >= min && match.score <= max).length,
    })),
    scoredBuyers: scores.length,
  }
}

/** A listing's match for the buyer looking at it, and for its seller how many buyers match. */
export const matchRoutes: FastifyPluginAsync = async (app) => {
  implement(
    app,
    endpoints.dealMatch,
    async (request) => {
      const matching = await matchingOf(app.db, request.user)
      if (!matching.criteria) return { matching: matching.state, match: null }
      const [listing] = await scorableListings(app.db, sql`d.id = ${request.deal.id}`, 1)
      return { matching: matching.state, match: scoreListing(listing!, matching.criteria, { now: app.now() }) }
    },
    { preValidation: withDeal(app) },
  )

  implement(app, endpoints.dealMatchBands, async (request) => matchBandsOf(app.db, request.deal.id, app.now()), {
    preValidation: withDeal(app, { mustOwn: true }),
  })
}
