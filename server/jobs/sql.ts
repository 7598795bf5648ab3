import { sql, type SQL } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client'

/** What pg-boss asks of a database: run a statement (or a script when there are no values), answer rows. */
export type JobDb = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> }

type RawClient = {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  /** PGlite only: runs a script of several statements (pg-boss's schema and maintenance commands). */
  exec?(text: string): Promise<{ rows: unknown[] }[]>
}

/**
 * pg-boss on our database, whichever driver is underneath. The database itself goes through its raw client
 * (drizzle keeps it as `$client` on both drivers; our `Database` type does not name it): PGlite's `query`
 * takes one statement, so a script without values (pg-boss's schema, its locked maintenance commands) goes to
 * `exec`. A transaction goes through drizzle, so a job sent with it commits or rolls back with the write.
 */
export function jobDbOf(db: Database): JobDb {
  if (db instanceof PgTransaction) {
    return { executeSql: async (text, values = []) => rowsOf(await db.execute(toSql(text, values))) }
  }
  const client = (db as unknown as { $client: RawClient }).$client
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values)
      if (client.exec) return (await client.exec(text)).at(-1) ?? { rows: [] }
      return client.query(text)
    },
  }
}

/** `$1`, `$2`… placeholders to drizzle parameters (one parameter per occurrence; arrays stay one value). */
export function toSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = []
  let last = 0
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)))
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1])}`)
    last = match.index + match[0].length
  }
  chunks.push(sql.raw(text.slice(last)))
  return sql.join(chunks)
}

function rowsOf(result: unknown): { rows: unknown[] } {
  return { rows: (result as { rows?: unknown[] }).rows ?? [] }
}
