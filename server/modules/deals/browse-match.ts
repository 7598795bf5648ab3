import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DealPageSchema, DealSummary, MatchingState, Role } from '../../../src/contract'
import type { MatchScore } from '../../../src/contract/matching'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { readAll } from '../../db/reads'
import type { BuyerCriteria } from '../matching/criteria'
import type { ScorableListing } from '../matching/listings'
import { buyerCriteriaRemembered } from '../matching/load'
import { scoreListing } from '../matching/score'
import { listingsToScore, pgArray, scorableListingsOf } from './best-match-listings'
import { browseDeals, browsePageSql, type DealsQuery, type Freshness, type SummaryRow, toSummary } from './browse'
import { filterConditions, type Viewer } from './browse-filters'
import { favoriteIdsOf } from './favorites'
import { dealsWritten } from './repository'
import { sharedReads } from './shared-reads'

type DealPage = z.infer<typeof DealPageSchema>

/** How many reasons a card shows: the heaviest. */
export const CARD_REASONS = 3

/**
 * "Best match" scores every listing the filters let through, newest first, up to this many (the rest, the
 * oldest, are not offered under that sort; the pager says how many were). 5,000 listings score in about
 * 60 ms (`npm run bench`).
 */
export const BEST_MATCH_LIMIT = 5_000

/** The viewer's matching: a buyer (or owner) with a buy box or preferences is scored. */
export type Matching = { state: MatchingState; criteria: BuyerCriteria | null }

export async function matchingOf(db: Database, user: { id: string; roles: readonly Role[] }): Promise<Matching> {
  if (!user.roles.includes('buyer') && !user.roles.includes('owner')) return { state: 'off', criteria: null }
  const criteria = await buyerCriteriaRemembered(db, user.id)
  return criteria ? { state: 'scored', criteria } : { state: 'no-criteria', criteria: null }
}

/** A score with only its heaviest reasons, as a card shows it. */
export const topReasons = (match: MatchScore, count = CARD_REASONS): MatchScore => ({
  score: match.score,
  reasons: match.reasons.slice(0, count),
})

/**
 * Browse with the viewer's matching: the page as everyone gets it plus each card's score and top reasons,
 * or for "Best match" the listings that pass the filters scored in JavaScript and paged by score, ties by
 * newest.
 */
export async function browseWithMatches(
  db: Database,
  query: DealsQuery,
  viewer: Viewer,
  matching: Matching,
  freshness: Freshness,
): Promise<DealPage> {
  const { criteria } = matching
  const { now } = freshness
  if (!criteria) return { ...(await browseDeals(db, query, viewer, freshness)), matching: matching.state }
  if (query.sort === 'best-match') return bestMatchPage(db, query, viewer, criteria, freshness)
  const page = await browseDeals(db, query, viewer, freshness)
  const ids = page.items.map((item) => item.id)
  const listings = ids.length === 0 ? [] : await pageListings(db, ids.join(','), () => scorableListingsOf(db, ids))
  const scores = new Map(listings.map((listing) => [listing.id, scoreListing(listing, criteria, { now })]))
  return {
    ...page,
    matching: 'scored',
    items: page.items.map((item) => withMatch(item, scores.get(item.id))),
  }
}

/**
 * What the scorer reads of a browse page's listings, remembered by the page's ids as browse remembers the
 * page's rows (shared-reads.ts: a write here forgets it at once, one on another server within seconds), so a
 * scored page reads no more listings than an unscored one; reading them again was half a scored page's cost.
 */
const pageListings = sharedReads<ScorableListing[]>(dealsWritten, 500)

const withMatch = (item: DealSummary, match: MatchScore | undefined): DealSummary => ({
  ...item,
  match: match ? topReasons(match) : null,
})

async function bestMatchPage(
  db: Database,
  query: DealsQuery,
  viewer: Viewer,
  criteria: BuyerCriteria,
  freshness: Freshness,
): Promise<DealPage> {
  const { now } = freshness
  const listings = await listingsToScore(db, filterConditions(query, viewer), BEST_MATCH_LIMIT)
  // Newest first already, and Array.prototype.sort is stable: equal scores stay newest first.
  const ranked = listings
    .map((listing) => ({ id: listing.id, match: scoreListing(listing, criteria, { now }) }))
    .sort((a, b) => b.match.score - a.match.score)
  const start = (query.page - 1) * query.pageSize
  const shown = ranked.slice(start, start + query.pageSize)
  const items = await summariesOf(
    db,
    shown.map((entry) => entry.id),
    viewer,
    freshness,
  )
  return {
    items: shown.flatMap(({ id, match }) => {
      const item = items.get(id)
      return item ? [withMatch(item, match)] : []
    }),
    total: ranked.length,
    totalIsEstimate: false,
    page: query.page,
    pageSize: query.pageSize,
    matching: 'scored',
  }
}

/** The cards of these listings, as browse shows them to `viewer`, by id. */
export async function summariesOf(
  db: Database,
  ids: string[],
  viewer: Viewer,
  freshness?: Freshness,
): Promise<Map<string, DealSummary>> {
  if (ids.length === 0) return new Map()
  const byIds = { page: 1, pageSize: ids.length, sort: 'newest' } as DealsQuery
  const [[page], favorites] = await readAll(db, [
    () => rowsOf<{ rows: string }>(db, browsePageSql(byIds, viewer, sql`d.id = any(${pgArray(ids)}::uuid[])`)),
    () => favoriteIdsOf(db, viewer.id),
  ])
  const rows = JSON.parse(page!.rows) as SummaryRow[]
  return new Map(rows.map((row) => [row.id, toSummary(row, favorites.has(row.id), viewer, freshness)]))
}
