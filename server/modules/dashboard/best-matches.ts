import { sql } from 'drizzle-orm'
import {
  BEST_NEW_MATCHES_DAYS,
  BEST_NEW_MATCHES_LIMIT,
  DealsQuerySchema,
  type BestNewMatches,
  type Role,
} from '../../../src/contract'
import type { Database } from '../../db/client'
import { matchingOf, summariesOf, topReasons } from '../deals/browse-match'
import { filterConditions } from '../deals/browse-filters'
import { scorableListings } from '../matching/listings'
import { scoreListing } from '../matching/score'
import { hasAllAccess } from '../users/roles'

/** New listings scored at most (the newest of the window); a fortnight of a busy marketplace fits. */
const WINDOW_LIMIT = 2_000

/**
 * The buying dashboard's "Best new matches": the active listings published in the last 14 days that the
 * buyer may browse (not their own), scored, the best 5 with a score above 0, each with its top reason.
 */
export async function bestNewMatches(
  db: Database,
  user: { id: string; roles: readonly Role[] },
  now: Date,
): Promise<BestNewMatches> {
  const matching = await matchingOf(db, user)
  const empty = { matching: matching.state, days: BEST_NEW_MATCHES_DAYS, items: [] }
  if (!matching.criteria) return empty
  const viewer = { id: user.id, hasAllAccess: hasAllAccess([...user.roles]) }
  const since = new Date(now.getTime() - BEST_NEW_MATCHES_DAYS * 24 * 60 * 60 * 1000)
  const where = sql`${filterConditions(DealsQuerySchema.parse({}), viewer)}
    and d.status in ('active', 'exclusive') and d.created_at >= ${since.toISOString()} and d.seller_id <> ${user.id}`
  const listings = await scorableListings(db, where, WINDOW_LIMIT)
  const best = listings
    .map((listing) => ({ id: listing.id, match: scoreListing(listing, matching.criteria!, { now }) }))
    .filter(({ match }) => match.score > 0)
    .sort((a, b) => b.match.score - a.match.score)
    .slice(0, BEST_NEW_MATCHES_LIMIT)
  const cards = await summariesOf(
    db,
    best.map(({ id }) => id),
    viewer,
  )
  return {
    ...empty,
    items: best.flatMap(({ id, match }) => {
      const card = cards.get(id)
      return card ? [{ ...card, match: topReasons(match, 1) }] : []
    }),
  }
}
