import { sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import { BuyBoxSchema, PreferencesSchema } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { criteriaFrom, type BuyerCriteria } from './criteria'

/**
 * A buyer's criteria from the documents as stored (JSON read from buy_boxes and buyer_preferences): each is
 * parsed with its contract schema, and one that no longer parses counts as not set.
 */
export function criteriaFromStored(buyBox: unknown, preferences: unknown): BuyerCriteria {
  const box = buyBox == null ? null : BuyBoxSchema.safeParse(buyBox)
  const prefs = preferences == null ? null : PreferencesSchema.safeParse(preferences)
  return criteriaFrom(box?.success ? box.data : null, prefs?.success ? prefs.data : null)
}

/** One buyer's criteria, or null when they have saved neither a buy box nor preferences. */
export async function buyerCriteria(db: Database, userId: string): Promise<BuyerCriteria | null> {
  const [row] = await rowsOf<{ buyBox: unknown; preferences: unknown }>(
    db,
    sql`select b.data as "buyBox", p.data as preferences
        from users u
        left join buy_boxes b on b.user_id = u.id
        left join buyer_preferences p on p.user_id = u.id
        where u.id = ${userId} and (b.user_id is not null or p.user_id is not null)`,
  )
  return row ? criteriaFromStored(row.buyBox, row.preferences) : null
}

/** How many buyers' criteria a server keeps parsed (the ones browsing lately). */
const REMEMBERED_BUYERS = 10_000

type Remembered = { version: string; criteria: BuyerCriteria | null }
/** Per database (tests run many apps in one process): each buyer's parsed criteria and what they were read at. */
const remembered = new WeakMap<Database, LRUCache<string, Remembered>>()

/**
 * `buyerCriteria`, remembered per buyer and kept only while their documents are unchanged: every read asks
 * the database for both documents' `updated_at` (two primary-key lookups, no document read or parsed), so a
 * buy box or preferences saved on any server (several share one PostgreSQL) is seen at the next request.
 * Browse scores every page with it; reading and parsing both documents was a third of a scored page.
 */
export async function buyerCriteriaRemembered(db: Database, userId: string): Promise<BuyerCriteria | null> {
  const [row] = await rowsOf<{ version: string }>(
    db,
    sql`select coalesce((select updated_at::text from buy_boxes where user_id = ${userId}), '-') || '/' ||
      coalesce((select updated_at::text from buyer_preferences where user_id = ${userId}), '-') as version`,
  )
  const version = row!.version
  let cache = remembered.get(db)
  if (!cache) remembered.set(db, (cache = new LRUCache<string, Remembered>({ max: REMEMBERED_BUYERS })))
  const known = cache.get(userId)
  if (known?.version === version) return known.criteria
  const criteria = await buyerCriteria(db, userId)
  cache.set(userId, { version, criteria })
  return criteria
}
