import { sql } from 'drizzle-orm'
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
