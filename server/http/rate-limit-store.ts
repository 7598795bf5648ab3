import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { rateLimitCounters } from '../db/schema'

type Counted = { current: number; ttl: number }
type Callback = (error: Error | null, result?: Counted) => void

/** Expired rows a write that starts a window removes at most, so pruning never holds up that write. */
const PRUNE_BATCH = 100

/**
 * One hit on `key`'s fixed window, in one statement (parallel hits are all counted): a new key or an ended
 * window starts over at 1, else the count goes up. Answers the count and the milliseconds the window has left.
 */
export async function countHit(db: Database, key: string, windowMs: number, now: Date): Promise<Counted> {
  const ends = new Date(now.getTime() + windowMs)
  const ended = lte(rateLimitCounters.windowEndsAt, now)
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then ${ends} else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning()
  // A window that starts is the moment to clear ended ones: no timer, and the table stays as small as the
  // keys counted in the longest window. Rows another statement holds are left for the next time.
  if (row!.hits === 1) await pruneEnded(db, now)
  return { current: row!.hits, ttl: Math.max(0, row!.windowEndsAt.getTime() - now.getTime()) }
}

/** The count of `key`'s window under way, without counting a hit (0 when none is). */
export async function readHits(db: Database, key: string, now: Date): Promise<Counted> {
  const [row] = await db
    .select()
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.windowEndsAt, now)))
  return row ? { current: row.hits, ttl: row.windowEndsAt.getTime() - now.getTime() } : { current: 0, ttl: 0 }
}

async function pruneEnded(db: Database, now: Date) {
  const ended = db
    .select({ key: rateLimitCounters.key })
    .from(rateLimitCounters)
    .where(lte(rateLimitCounters.windowEndsAt, now))
    .limit(PRUNE_BATCH)
    .for('update', { skipLocked: true })
  await db.delete(rateLimitCounters).where(inArray(rateLimitCounters.key, ended))
}

/**
 * @fastify/rate-limit's store over the database, so every server instance sees the same counters when
 * `DATABASE_URL` is set (its own store is one process's memory). Keys of a route's `config.rateLimit` are
 * prefixed with the route (`POST /api/auth/signin-link:<address>`); limiters made with `createRateLimit`
 * name their keys whole.
 */
export function databaseRateLimitStore(db: Database, now: () => Date): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    /** The plugin builds the store with its options (unused here); children are made with their prefix. */
    private prefix = ''

    incr(key: string, callback: Callback, timeWindow: number) {
      countHit(db, this.prefix + key, timeWindow, now()).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      )
    }

    read(key: string, callback: Callback) {
      readHits(db, this.prefix + key, now()).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      )
    }

    child(options: object) {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo
      const name = route?.url ? `${String(route.method)} ${String(route.url)}:` : ''
      const child = new DatabaseStore()
      child.prefix = this.prefix + name
      return child
    }
  }
  return DatabaseStore
}
