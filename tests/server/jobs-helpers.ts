import { sql } from 'drizzle-orm'
import type { App } from '../../server/app'

/** Runs every job due now, as the workers would (server/jobs/service.ts); answers how many ran. */
export const runJobs = (app: App) => app.jobs.runDue()

/**
 * Makes every waiting job due now, as if its delay (a retry's backoff, a `startAfter`) had passed: pg-boss
 * reads the database's clock, which a test's fake `app.now()` does not move.
 */
export async function makeJobsDue(app: App): Promise<void> {
  await app.db.execute(sql`update pgboss.job set start_after = now() where state in ('created', 'retry')`)
}

/** The jobs of one queue, newest first (what a test checks was, or was not, sent). */
export async function jobsIn(app: App, queue: string): Promise<{ state: string; data: unknown }[]> {
  const result = await app.db.execute(
    sql`select state, data from pgboss.job where name = ${queue} order by created_on desc`,
  )
  return (result as unknown as { rows: { state: string; data: unknown }[] }).rows
}
