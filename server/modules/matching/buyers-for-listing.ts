import { sql, type SQL } from 'drizzle-orm'
import type { MatchScore } from '../../../src/contract/matching'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import type { MatchListing } from './criteria'
import { criteriaFromStored } from './load'
import { listingPoint, zipsWithinReach } from './radius-zips'
import { scoreListingForBuyers } from './score'

/** The listing to score buyers for: what the scorer reads, plus who listed it (never scored for themselves). */
export type ListingForBuyers = MatchListing & { sellerId: string }

export type BuyerScore = { userId: string; match: MatchScore }

/** `where`: a further condition on the candidate (written against `users u`), e.g. who may be alerted. */
export type PrefilterOptions = { where?: SQL }

export type ScoreBuyersOptions = PrefilterOptions & { now: Date; batchSize?: number }

/**
 * The ids of active buyers (and owners, who keep a buy box) whose buy box or preferences could place them
 * near this listing: its ZIP code in either ZIP list (GIN indexes), their preferences' state is its state
 * (a city there or none), or their search radius is centred on a ZIP code close enough to reach it. A buyer
 * who names no place at all is not a candidate (the place is what every alert and count starts from). The
 * one place prefilter: the seller's score bands, the alerts (with their `where`) and the bench use it.
 */
export async function candidateBuyerIds(
  db: Database,
  listing: ListingForBuyers,
  { where }: PrefilterOptions = {},
): Promise<string[]> {
  const point = listingPoint(listing)
  const reach = point ? zipsWithinReach(point) : []
  // One pass over the preferences for the state and the radius (a hash of the ZIP codes in reach), and the
  // users read by primary key for the few ids found (a join let the planner, misjudging how many, read every
  // user): profiled in bench/matching.ts, these two were most of a new listing's time.
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    with reach(zip, miles) as (
      select * from unnest(${`{${reach.map((zip) => zip.zipCode).join(',')}}`}::text[],
                           ${`{${reach.map((zip) => zip.miles).join(',')}}`}::float8[])
    ),
    candidates as (
      select user_id from buy_boxes where zip_codes @> array[${listing.zipCode}]::text[]
      union select user_id from buyer_preferences where zip_codes @> array[${listing.zipCode}]::text[]
      union select p.user_id from buyer_preferences p left join reach r on r.zip = p.data->>'radiusZip'
        where upper(p.data->>'state') = ${listing.state.toUpperCase()}
          or (p.data->>'radiusMiles')::float8 >= r.miles
    )
    select u.id from users u
    where u.id = any(array(select user_id from candidates))
      and u.status = 'active' and u.id <> ${listing.sellerId} and (u.roles && array['buyer', 'owner']::text[])
      ${where ? sql`and ${where}` : sql``}
    order by u.id`,
  )
  return rows.map((row) => row.id)
}

/**
 * Every candidate buyer (candidateBuyerIds) scored against one listing: their documents read in batches of
 * `batchSize` by id, each batch scored with the listing's calculator run once. In id order; every score,
 * 0 included (callers pick their threshold).
 */
export async function scoreBuyersForListing(
  db: Database,
  listing: ListingForBuyers,
  { now, batchSize = 2_000, where }: ScoreBuyersOptions,
): Promise<BuyerScore[]> {
  const ids = await candidateBuyerIds(db, listing, { where })
  const scored: BuyerScore[] = []
  for (let start = 0; start < ids.length; start += batchSize) {
    const batch = ids.slice(start, start + batchSize)
    const rows = await rowsOf<{ documents: string }>(
      db,
      sql`
      select coalesce(json_agg(json_build_array(c.id,
          (select b.data from buy_boxes b where b.user_id = c.id),
          (select p.data from buyer_preferences p where p.user_id = c.id)) order by c.id), '[]'::json)::text as documents
      from unnest(${`{${batch.join(',')}}`}::uuid[]) as c(id)`,
    )
    // One JSON text per batch: PGlite decodes a statement's answer field by field, so 2,000 rows of three
    // fields cost more than one field parsed once (the same reason as browsePageSql). Each document read by
    // its primary key (a join had the planner read both whole tables once per batch).
    const documents = JSON.parse(rows[0]!.documents) as [string, unknown, unknown][]
    const criteria = documents.map(([, buyBox, preferences]) => criteriaFromStored(buyBox, preferences))
    const matches = scoreListingForBuyers(listing, criteria, { now })
    documents.forEach(([userId], index) => scored.push({ userId, match: matches[index]! }))
  }
  return scored
}
