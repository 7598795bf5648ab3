import PgBoss from 'pg-boss'
import type { Database } from '../db/client'
import { jobDbOf } from './sql'

export const JOB_SCHEMA = 'pgboss'

/**
 * Creates pg-boss's tables when the database has none: part of migrating (server/db/client.ts), so the test
 * template holds them and instances that start together do not race to create them.
 */
export async function ensureJobSchema(db: Database): Promise<void> {
  const jobDb = jobDbOf(db)
  const exists = async () =>
    (
      await jobDb.executeSql(
        `SELECT 1 FROM information_schema.tables WHERE table_schema = '${JOB_SCHEMA}' AND table_name = 'version'`,
      )
    ).rows.length > 0
  if (await exists()) return
  try {
    await jobDb.executeSql(PgBoss.getConstructionPlans(JOB_SCHEMA))
  } catch (error) {
    // Another instance created it first (the plans hold an advisory lock, and the loser finds it made).
    if (!(await exists())) throw error
  }
}
