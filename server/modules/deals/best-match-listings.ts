import { sql, type SQL } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { scorableListings, type ScorableListing } from '../matching/listings'
import { dealsWritten } from './repository'

/**
 * What the scorer reads of a listing, remembered per instance by id: "Best match" scores up to 5,000 listings
 * a request, and reading their 37 columns again for every new filter set was 43 % of the time of all new
 * browse requests (bench/browse-costs.ts). A filter set now reads only its ids; listings already remembered
 * are not read again. Any listing write forgets them all (`dealsWritten`: at once on this instance, on another
 * as soon as it hears of it); TTL_MS bounds how long one goes unseen if that announcement is lost. About
 * 550 bytes of heap each: at most about 27 MB. Measured: a best-match request 87 -> 61 ms in process, a third
 * of its listings read from the database instead of all of them.
 */
const REMEMBERED = 50_000
const TTL_MS = 30_000

type Remembered = { listings: LRUCache<string, ScorableListing>; generation: number }
const rememberedBy = new WeakMap<Database, Remembered>()

/** A PostgreSQL array literal of ids (one parameter, however many ids). */
export const pgArray = (values: readonly string[]) => `{${values.join(',')}}`

/** What the scorer reads of these listings, whatever their status. */
export const scorableListingsOf = (db: Database, ids: readonly string[]) =>
  scorableListings(db, sql`d.id = any(${pgArray(ids)}::uuid[])`, ids.length)

/** The listings `where` selects (against `deals d`), newest first, at most `limit`, as the scorer reads them. */
export async function listingsToScore(db: Database, where: SQL, limit: number): Promise<ScorableListing[]> {
  const written = dealsWritten.of(db)
  const readUnder = written.current
  let remembered = rememberedBy.get(db)
  if (!remembered || remembered.generation !== readUnder) {
    remembered = { listings: new LRUCache({ max: REMEMBERED, ttl: TTL_MS }), generation: readUnder }
    rememberedBy.set(db, remembered)
  }
  const [row] = await rowsOf<{ ids: string }>(
    db,
    sql`select array_to_string(array(
      select d.id::text from deals d where ${where} order by d.created_at desc, d.id desc limit ${limit}
    ), ',') as ids`,
  )
  const ids = row?.ids ? row.ids.split(',') : []
  const { listings } = remembered
  const missing = ids.filter((id) => !listings.has(id))
  const read = new Map<string, ScorableListing>()
  if (missing.length > 0) {
    for (const listing of await scorableListingsOf(db, missing)) {
      read.set(listing.id, listing)
    }
    // Read under a write: used for this request, not remembered.
    if (written.current === readUnder) for (const [id, listing] of read) listings.set(id, listing)
  }
  return ids.flatMap((id) => {
    const listing = read.get(id) ?? listings.get(id)
    return listing ? [listing] : []
  })
}
