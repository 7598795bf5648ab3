import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { inject } from 'vitest'
import { buildApp, type App, type BuildAppOptions } from '../../server/app'
import { loadConfig, type Config, type Env } from '../../server/config'
import type { Database, DbConnection } from '../../server/db/client'
import { openTestDatabase } from './test-db'

/**
 * A config as the server would build it from env, with test defaults: silent logs and a static
 * folder that does not exist (so a stray local build never changes what tests see).
 */
export function testConfig(env: Env = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(tmpdir(), 'dealmarket-no-spa-build'),
    DATA_DIR: join(tmpdir(), 'dealmarket-test-data'),
    ...env,
  })
}

/** A private migrated database for one test file (PGlite copy, or PostgreSQL clone under server-pg). */
export function createTestDb(): Promise<DbConnection> {
  return openTestDatabase(inject('testDbTemplate'))
}

export type TestAppOverrides = {
  /** Environment variables layered over testConfig's defaults. */
  env?: Env
  logger?: BuildAppOptions['logger']
  /** Replaces the system clock (`app.now()`); see fakeClock in identity-helpers. */
  now?: BuildAppOptions['now']
  /** Adds test-only routes before the app is sealed by ready(). */
  register?: (app: App) => void | Promise<void>
  /** Told of every route as it is registered (see buildApp). */
  onRoute?: BuildAppOptions['onRoute']
  /** Offer webhook overrides (a resolver the test controls). */
  webhooks?: BuildAppOptions['webhooks']
  /** Replaces the realtime service (e.g. a recorder of every push). */
  realtime?: BuildAppOptions['realtime']
  /** Text message overrides (the Twilio SDK's HTTP client pointed at a local server). */
  sms?: BuildAppOptions['sms']
  /** Reuse a database (e.g. two apps over one); it is then not closed by `close()`. */
  connection?: DbConnection
  /** The database's notifications (two apps over one database hear each other); in process when left out. */
  notifications?: BuildAppOptions['notifications']
}

export type TestApp = {
  app: App
  db: Database
  connection: DbConnection
  /** Closes the app, then the database it opened. Call it in afterAll. */
  close(): Promise<void>
}

/** The real app in process, for `app.inject`, over a fresh copy of the migrated test database. */
export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const connection = overrides.connection ?? (await createTestDb())
  const isOwnConnection = !overrides.connection
  try {
    const { logger, now, onRoute, webhooks, realtime, sms, notifications } = overrides
    const app = await buildApp({
      config: testConfig(overrides.env),
      db: connection.db,
      logger,
      now,
      onRoute,
      webhooks,
      realtime,
      sms,
      notifications,
      backup: connection.backup,
    })
    await overrides.register?.(app)
    await app.ready()
    return {
      app,
      db: connection.db,
      connection,
      close: async () => {
        await app.close()
        if (isOwnConnection) await connection.close()
      },
    }
  } catch (error) {
    if (isOwnConnection) await connection.close()
    throw error
  }
}

/**
 * The server over a build made of `files` (path in the build → content) in a temporary folder: for the tests
 * of what it serves (the SPA, the prerendered and member pages). `close` removes the folder too.
 */
export async function createTestAppOverBuild(
  files: Record<string, string>,
  env: TestAppOverrides['env'] = {},
): Promise<TestApp> {
  const dist = mkdtempSync(join(tmpdir(), 'dealmarket-dist-'))
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, file)), { recursive: true })
    writeFileSync(join(dist, file), content)
  }
  const t = await createTestApp({ env: { ...env, STATIC_DIR: dist } })
  return {
    ...t,
    close: async () => {
      await t.close()
      rmSync(dist, { recursive: true, force: true })
    },
  }
}
