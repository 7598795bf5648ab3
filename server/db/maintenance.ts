import type { FastifyBaseLogger } from 'fastify'
import type { DbConnection } from './client'

/** The first pass waits for start-up (and the demo seed) to settle; the rest follow at this interval. */
const FIRST_PASS_MS = 60_000
export const MAINTENANCE_INTERVAL_MS = 6 * 60 * 60 * 1000

/**
 * PGlite has no autovacuum: without it dead rows pile up, the visibility map goes stale (index-only scans
 * fall back to the heap) and the planner's statistics age, so an embedded server slowly loses its index
 * speed. This does what autovacuum would, on a timer: VACUUM (ANALYZE) of the whole database. It holds
 * PGlite's one connection while it runs (about 2 s at 100,000 listings; README Decisions). PostgreSQL
 * does its own, so nothing runs there. Answers a function that stops it.
 */
export function startPgliteMaintenance(
  connection: Pick<DbConnection, 'db' | 'driver'>,
  log: FastifyBaseLogger,
  { firstPassMs = FIRST_PASS_MS, intervalMs = MAINTENANCE_INTERVAL_MS } = {},
): () => void {
  if (connection.driver !== 'pglite') return () => undefined
  let stopped = false
  let timer: NodeJS.Timeout

  async function pass() {
    const started = performance.now()
    try {
      await connection.db.execute('vacuum (analyze)')
      log.info({ ms: Math.round(performance.now() - started) }, 'database vacuumed and analysed')
    } catch (error) {
      log.warn({ err: error }, 'database maintenance failed; trying again at the next interval')
    }
    if (!stopped) timer = setTimeout(() => void pass(), intervalMs).unref()
  }

  timer = setTimeout(() => void pass(), firstPassMs).unref()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
