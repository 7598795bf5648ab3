import { describe, expect, it, vi } from 'vitest'
import type { FastifyBaseLogger } from 'fastify'
import { createPglite, fromPglite, type Database } from '../../server/db/client'
import { startPgliteMaintenance } from '../../server/db/maintenance'
import { appSettings } from '../../server/db/schema'

const quietLog = () => {
  const log = { info: vi.fn(), warn: vi.fn() }
  return { log, logger: log as unknown as FastifyBaseLogger }
}

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
  it('vacuums and analyses PGlite on its timer, so the planner knows the tables again', async () => {
    // Always PGlite (also under the PostgreSQL test project): this is PGlite's stand-in for autovacuum.
    const connection = fromPglite(await createPglite())
    try {
      await connection.migrate()
      const before = Math.max(await plannedRows(connection.db), 0)
      await connection.db
        .insert(appSettings)
        .values(Array.from({ length: 40 }, (_, index) => ({ key: `maintenance-${index}`, value: index })))
      const { log, logger } = quietLog()
      const stop = startPgliteMaintenance(connection, logger, { firstPassMs: 0, intervalMs: 60_000 })
      await vi.waitFor(() => expect(log.info).toHaveBeenCalled(), { timeout: 20_000 })
      stop()
      expect(log.warn).not.toHaveBeenCalled()
      const [{ count }] = (
        (await connection.db.execute('select count(*)::int as count from app_settings')) as unknown as {
          rows: { count: number }[]
        }
      ).rows as [{ count: number }]
      expect(count).toBeGreaterThanOrEqual(40)
      expect(await plannedRows(connection.db)).toBe(count)
      expect(before).not.toBe(count)
    } finally {
      await connection.close()
    }
  })

  it('leaves PostgreSQL to its own autovacuum', async () => {
    const execute = vi.fn()
    const { logger } = quietLog()
    const stop = startPgliteMaintenance({ driver: 'pg', db: { execute } as never }, logger, { firstPassMs: 0 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    stop()
    expect(execute).not.toHaveBeenCalled()
  })
})
