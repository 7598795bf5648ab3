import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { inArray } from 'drizzle-orm'
import { buildApp } from '../server/app'
import { loadConfig, type Env } from '../server/config'
import { openDatabase } from '../server/db/client'
import { users } from '../server/db/schema'
import { seedDemo } from '../server/modules/seed/service'
import { generateBenchListings } from './api-data'

/**
 * The benches' marketplace: the real app on a temporary PGlite with the demo accounts and `listings`
 * generated listings of their sellers, vacuumed as PostgreSQL's autovacuum would after a bulk load.
 * `env` adds settings. The caller closes the app and the connection and removes `dataDir`.
 */
export async function openBenchMarketplace(prefix: string, listings: number, env: Env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix))
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost:3000',
    SEED_DEMO: 'true',
    ...env,
  })
  const connection = await openDatabase(config)
  // Before the app: its identity provider reads its signing key from the database while it is built.
  await connection.migrate()
  // The realtime bench sends hundreds of chat messages as one seller on purpose: the write limits would
  // answer them 429 (tests/server/write-limits.test.ts covers the limits).
  const app = await buildApp({ config, db: connection.db, writeLimits: false })
  await app.ready()
  await seedDemo(app)
  const sellers = await connection.db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, ['seller@demo.test', 'hybrid@demo.test', 'owner@demo.test']))
  const started = performance.now()
  await generateBenchListings(
    connection.db,
    sellers.map((s) => s.id),
    listings,
    new Date(),
  )
  // PGlite runs no autovacuum: after a bulk load, do what PostgreSQL's would (visibility map, statistics).
  await connection.db.execute('vacuum analyze deals')
  return { app, connection, dataDir, seconds: (performance.now() - started) / 1000 }
}
