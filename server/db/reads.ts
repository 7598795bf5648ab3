import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Database } from './client'

type Read = () => PromiseLike<unknown>
type ReadResults<R extends readonly Read[]> = { -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> }

/**
 * A request's independent reads: side by side on the pool, where each gets a connection of its own, and one
 * after another in a transaction. A transaction is one connection, which answers one statement at a time:
 * node-postgres would queue the others anyway, and pg 9 refuses to (tests/server/pg-serial-queries.ts fails a
 * test that does it).
 */
export async function readAll<const R extends readonly Read[]>(db: Database, reads: R): Promise<ReadResults<R>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as ReadResults<R>
  const results: unknown[] = []
  for (const read of reads) results.push(await read())
  return results as ReadResults<R>
}
