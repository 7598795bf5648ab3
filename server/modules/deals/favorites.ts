import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { FavoriteResultSchema } from '../../../src/contract'
import type { Database } from '../../db/client'
import { dealFavorites } from '../../db/schema'
import { createReadCache, createWriteGeneration, type ReadCache } from '../../lib/read-cache'
import { favoriteCountOf } from './repository'

type FavoriteResult = z.infer<typeof FavoriteResultSchema>

/**
 * Bumped around every favorite written through this module. Browse compares its remembered pages (which
 * hold each listing's favorite count) and each viewer's remembered favorites with it.
 */
export const favoritesWritten = createWriteGeneration('favorites')

/** Adds or removes the buyer's favorite (both idempotent) and answers the state after the call. */
export async function setFavorite(
  db: Database,
  userId: string,
  dealId: string,
  favorited: boolean,
): Promise<FavoriteResult> {
  await favoritesWritten.writing(db, async () => {
    if (favorited) await db.insert(dealFavorites).values({ userId, dealId }).onConflictDoNothing()
    else await db.delete(dealFavorites).where(and(eq(dealFavorites.userId, userId), eq(dealFavorites.dealId, dealId)))
  })
  return { favorited, favoriteCount: await favoriteCountOf(db, dealId) }
}

/** How long a viewer's favorites are reused if no write is heard of (a favorite written on any instance forgets them). */
const FAVORITES_TTL_MS = 5_000

/** Per database (tests run many apps in one process). */
const favoriteSets = new WeakMap<Database, ReadCache<ReadonlySet<string>>>()

/**
 * The ids of the listings a user keeps as favorites, remembered per user: browse marks the hearts on every
 * page from it instead of asking the database per request.
 */
export async function favoriteIdsOf(db: Database, userId: string): Promise<ReadonlySet<string>> {
  let cache = favoriteSets.get(db)
  if (!cache)
    favoriteSets.set(db, (cache = createReadCache(favoritesWritten.of(db), { max: 10_000, ttlMs: FAVORITES_TTL_MS })))
  return cache.get(userId, async () => {
    const rows = await db
      .select({ dealId: dealFavorites.dealId })
      .from(dealFavorites)
      .where(eq(dealFavorites.userId, userId))
    return new Set(rows.map((row) => row.dealId))
  })
}
