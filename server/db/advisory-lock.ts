import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Database } from './client'

/**
 * The cluster-wide locks the server takes, fixed numbers (pg_advisory_lock's bigint key space is shared with
 * pg-boss, which hashes its own names): every instance of every version must use the same key for the same work.
 */
export const ADVISORY_LOCKS = {
  /** Migrating and creating the job system's tables (server/db/client.ts `migrate`). */
  migrate: 27_000_001n,
  /** The content seeds and the demo seed at start (server/modules/seed/at-start.ts). */
  seed: 27_000_002n,
} as const

/** Per PGlite: the work holding one of its locks, so callers in this process take turns. */
const turns = new WeakMap<PGlite, Map<bigint, Promise<unknown>>>()

/**
 * Runs `work` while this process holds the session-level advisory lock `key`, so only one instance on the
 * database does it at a time; the others wait their turn. PostgreSQL: the lock is taken on a connection of its
 * own, kept out of the pool until `work` ends (work runs on the pool as usual; a crash drops the connection and
 * with it the lock). PGlite is one connection, where a session lock never makes its own session wait: the lock
 * is still taken (the same code path), and callers in this process queue for it.
 */
export async function withAdvisoryLock<T>(db: Database, key: bigint, work: () => Promise<T>): Promise<T> {
  const client = (db as { $client?: unknown }).$client
  if (client instanceof pg.Pool) return withPoolLock(client, key, work)
  if (client instanceof PGlite) return withPgliteLock(client, key, work)
  throw new Error('withAdvisoryLock needs the database itself (a pg Pool or a PGlite), not a transaction')
}

async function withPoolLock<T>(pool: pg.Pool, key: bigint, work: () => Promise<T>): Promise<T> {
  const connection = await pool.connect()
  try {
    await connection.query('select pg_advisory_lock($1::bigint)', [key.toString()])
  } catch (error) {
    connection.release(error as Error)
    throw error
  }
  try {
    return await work()
  } finally {
    try {
      await connection.query('select pg_advisory_unlock($1::bigint)', [key.toString()])
      connection.release()
    } catch (error) {
      // A connection that cannot unlock is closed rather than given back: closing it releases the lock.
      connection.release(error as Error)
    }
  }
}

async function withPgliteLock<T>(client: PGlite, key: bigint, work: () => Promise<T>): Promise<T> {
  let keys = turns.get(client)
  if (!keys) {
    keys = new Map()
    turns.set(client, keys)
  }
  const before = keys.get(key) ?? Promise.resolve()
  const mine = before
    .catch(() => undefined)
    .then(async () => {
      await client.query('select pg_advisory_lock($1::bigint)', [key.toString()])
      try {
        return await work()
      } finally {
        await client.query('select pg_advisory_unlock($1::bigint)', [key.toString()])
      }
    })
  keys.set(key, mine)
  try {
    return await mine
  } finally {
    if (keys.get(key) === mine) keys.delete(key)
  }
}
