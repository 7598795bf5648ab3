import { endpoint } from '../endpoint'
import { BestNewMatchesSchema, DealMatchSchema, MatchBandsSchema } from '../match-views'

/** Matching where buyers and sellers see it (issue 25). */
export const matchingEndpoints = {
  dealMatch: endpoint({
    method: 'GET',
    path: '/api/deals/:id/match',
    auth: 'user',
    responses: { 200: DealMatchSchema },
  }),
  dealMatchBands: endpoint({
    method: 'GET',
    path: '/api/deals/:id/match-bands',
    auth: 'user',
    responses: { 200: MatchBandsSchema },
  }),
  bestNewMatches: endpoint({
    method: 'GET',
    path: '/api/dashboard/best-matches',
    auth: 'user',
    responses: { 200: BestNewMatchesSchema },
  }),
}
