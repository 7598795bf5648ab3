import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Database } from './client'

/**
 * Work that must wait for a transaction's commit, as Django's `transaction.on_commit`: a realtime push about
 * a row must never announce a write that is then rolled back. `trackCommits(db)` makes every
 * `db.transaction(...)` run the work its writes queued with `afterCommit(tx, work)` once it has committed (in
 * order, before it returns), and drop it when it rolls back. On a database outside a transaction the work
 * runs at once (the write is already committed).
 */

type Work = (db: Database) => Promise<void>
type ErrorSink = (error: unknown) => void

const queues = new WeakMap<object, Work[]>()
const tracked = new WeakSet<object>()
/** A tracked transaction → the database it was opened on. */
const roots = new WeakMap<object, Database>()

/** Makes `db`'s transactions run their `afterCommit` work; errors of that work go to `onError`. Idempotent. */
export function trackCommits(db: Database, onError: ErrorSink): Database {
  if (tracked.has(db)) return db
  tracked.add(db)
  const transaction = db.transaction.bind(db)
  const tracking: Database['transaction'] = async (work, config) => {
    const queued: Work[] = []
    const result = await transaction((tx) => {
      queues.set(tx, queued)
      roots.set(tx, db)
      return work(tx)
    }, config)
    for (const next of queued) await next(db).catch(onError)
    return result
  }
  db.transaction = tracking
  return db
}

/**
 * Runs `work` once the transaction `db` belongs to has committed (never if it rolls back), or at once when
 * `db` is no transaction. `work` gets the database itself (not the finished transaction).
 */
export async function afterCommit(db: Database, work: Work): Promise<void> {
  if (!(db instanceof PgTransaction)) {
    await work(db)
    return
  }
  const queued = queues.get(db)
  // A savepoint (tx.transaction) or a database trackCommits never saw: the commit would go unnoticed.
  if (!queued) throw new Error('afterCommit needs a transaction of a database passed to trackCommits')
  queued.push(work)
}

/**
 * The database `db` belongs to: itself, or for a transaction of a database passed to trackCommits, that
 * database; null for a transaction it never saw (a savepoint), whose database cannot be told.
 */
export function rootDatabase(db: Database): Database | null {
  if (!(db instanceof PgTransaction)) return db
  return roots.get(db) ?? null
}
