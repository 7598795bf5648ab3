import { sql } from 'drizzle-orm'
import type { Database } from '../../server/db/client'
import { rowsOf } from '../../server/db/rows'

/**
 * The database's tables, for tests that compare contents before and after: the app's own (`public`), or every
 * schema's (the job system's and the migrations' too), as names ready for SQL (quoted), in a fixed order.
 */
export async function tableNames(db: Database, scope: 'public' | 'every schema'): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    scope === 'public'
      ? sql`select format('%I', table_name) as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`
      : sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
            where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
            order by 1`,
  )
  return rows.map((row) => row.name)
}
