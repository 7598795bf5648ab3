import type { SQL } from 'drizzle-orm'
import type { Database } from './client'

/**
 * The rows of a raw statement, typed by the caller. Both drivers (PGlite and node-postgres) answer
 * `db.execute` with `{ rows }`, which drizzle types only as the driver-neutral query result.
 */
export async function rowsOf<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] }
  return result.rows
}
