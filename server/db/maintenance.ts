import { PGlite } from '@electric-sql/pglite'
import type { FastifyBaseLogger } from 'fastify'
import { jobName, type Jobs } from '../jobs/service'
import type { Database } from './client'

/**
 * PGlite has no autovacuum: without it dead rows pile up, the visibility map goes stale (index-only scans
 * fall back to the heap) and the planner's statistics age, so an embedded server slowly loses its index
 * speed. This does what autovacuum would, as a scheduled job (issue 25: one job system): VACUUM (ANALYZE) of
 * the whole database every six hours. It runs on the database itself, outside any transaction (VACUUM cannot
 * run inside one; the job system's own statements are separate), and holds PGlite's one connection while it
 * runs (about 2 s at 100,000 listings; README Decisions). PostgreSQL does its own, so the job is not even
 * defined there.
 */
export const pgliteMaintenanceJob = jobName<Record<string, never>>('db-maintenance')

/** UTC cron: at minute 17 of every sixth hour (off the hour, away from other schedules). */
export const MAINTENANCE_CRON = '17 */6 * * *'

/** True when `db` runs on embedded PGlite (drizzle keeps the raw client as `$client` on both drivers). */
export function isPglite(db: Database): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite
}

/** Defines the maintenance job on PGlite (call while the app registers); nothing on PostgreSQL. */
export function definePgliteMaintenance(jobs: Pick<Jobs, 'define'>, db: Database, log: FastifyBaseLogger): void {
  if (!isPglite(db)) return
  jobs.define(
    pgliteMaintenanceJob,
    async () => {
      const started = performance.now()
      await db.execute('vacuum (analyze)')
      log.info({ ms: Math.round(performance.now() - started) }, 'database vacuumed and analysed')
    },
    // A pass that fails waits for the next one (in six hours) rather than retrying into the same trouble.
    { cron: MAINTENANCE_CRON, retryLimit: 0, policy: 'singleton', expireInSeconds: 15 * 60 },
  )
}
