import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { describe, expect, it, vi } from 'vitest'
import { createPglite, fromPglite, type Database } from '../../server/db/client'
import { definePgliteMaintenance, pgliteMaintenanceJob } from '../../server/db/maintenance'
import { appSettings } from '../../server/db/schema'
import { createTestApp } from './helpers'
import { jobsIn, runJobs } from './jobs-helpers'

/** What the planner believes the table holds: only ANALYZE (or VACUUM) updates it. */
async function plannedRows(db: Database) {
  const answer = (await db.execute(
    `select reltuples::int as rows from pg_class where relname = 'app_settings'`,
  )) as unknown as {
    rows: { rows: number }[]
  }
  return answer.rows[0]!.rows
}

describe('embedded database maintenance', () => {
  it('vacuums and analyses PGlite when its scheduled job runs, so the planner knows the tables again', async () => {
    // Always PGlite (also under the PostgreSQL test project): this is PGlite's stand-in for autovacuum.
    const connection = fromPglite(await createPglite())
    await connection.migrate()
    const t = await createTestApp({ connection })
    try {
      const before = Math.max(await plannedRows(t.db), 0)
      await t.db
        .insert(appSettings)
        .values(Array.from({ length: 40 }, (_, index) => ({ key: `maintenance-${index}`, value: index })))
      // What the cron schedule does on a listening server: send the job (a test runs it; nothing waits).
      await t.app.jobs.send(t.db, pgliteMaintenanceJob, {})
      expect(await runJobs(t.app)).toBeGreaterThanOrEqual(1)
      expect(await jobsIn(t.app, pgliteMaintenanceJob.name)).toMatchObject([{ state: 'completed' }])
      const [{ count }] = (
        (await t.db.execute('select count(*)::int as count from app_settings')) as unknown as {
          rows: { count: number }[]
        }
      ).rows as [{ count: number }]
      expect(count).toBeGreaterThanOrEqual(40)
      expect(await plannedRows(t.db)).toBe(count)
      expect(before).not.toBe(count)
    } finally {
      await t.close()
      await connection.close()
    }
    // A fresh PGlite is migrated here (not the test template): slower than most tests.
  }, 90_000)

  it('is scheduled every six hours on PGlite, and not defined at all on PostgreSQL', () => {
    // What drizzle keeps of each driver as `$client` (a PGlite not started: only its kind matters here).
    const pgliteDb = { $client: Object.create(PGlite.prototype) as PGlite } as unknown as Database
    const onPglite = { define: vi.fn() }
    definePgliteMaintenance(onPglite, pgliteDb, console as never)
    expect(onPglite.define).toHaveBeenCalledWith(
      pgliteMaintenanceJob,
      expect.any(Function),
      expect.objectContaining({ cron: '17 */6 * * *' }),
    )
    const onPostgres = { define: vi.fn() }
    definePgliteMaintenance(onPostgres, { $client: new pg.Pool() } as unknown as Database, console as never)
    expect(onPostgres.define).not.toHaveBeenCalled()
  })
})
