import { mkdirSync } from 'node:fs'
import { ConfigError, demoSeedWarning, loadConfig, type Config } from './config'
import { openDatabase, type DbConnection } from './db/client'
import { claimDataDir } from './db/data-dir-owner'
import { buildApp, type App } from './app'
import { formatDemoTable, type SeedResult } from './modules/seed/service'
import { seedAtStart } from './modules/seed/at-start'

/** How long shutdown may take after its drain (closing sockets, jobs, the database) before the process just exits. */
const SHUTDOWN_GRACE_MS = 10_000
/**
 * Shutdown first drains (server/http/drain.ts): it keeps answering until no request has been in flight for
 * DRAIN_QUIET_MS, at most SHUTDOWN_DRAIN_SECONDS, so a request a client had already sent is answered rather
 * than cut off by the close.
 */
const DRAIN_QUIET_MS = 300

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`)
  process.exit(1)
}

/** drizzle wraps driver errors ("Failed query: ..."); the innermost cause says what went wrong. */
function rootCause(error: unknown): unknown {
  let current = error
  while (current instanceof Error && current.cause !== undefined) current = current.cause
  return current
}

function describeStartupError(outer: unknown, config: Config): string {
  const error = rootCause(outer)
  const code = (error as { code?: string }).code
  if (code === 'EADDRINUSE') return `Port ${config.PORT} is already in use. Stop the other process or set PORT.`
  if (code === 'EACCES') return `Not allowed to listen on ${config.HOST}:${config.PORT}. Pick a PORT above 1023.`
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `HOST "${config.HOST}" is not an address of this machine.`
  const message = error instanceof Error ? error.message : String(error)
  return `The server could not start: ${message}${code ? ` (${code})` : ''}`
}

async function start() {
  let config: Config
  try {
    config = loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message)
    throw error
  }

  let connection: DbConnection | undefined
  let app: App | undefined
  let seed: SeedResult | undefined
  // The embedded database's folder is this process's from before it opens until it has closed (the backup
  // and restore scripts read the record: server/db/data-dir-owner.ts).
  let releaseDataDir = () => {}
  try {
    if (!config.DATABASE_URL) {
      mkdirSync(config.DATA_DIR, { recursive: true })
      releaseDataDir = claimDataDir(config.DATA_DIR, { port: config.PORT, host: config.HOST })
    }
    connection = await openDatabase(config)
    await connection.migrate()
    // Instances hear each other through PostgreSQL's LISTEN/NOTIFY. An embedded PGlite belongs to this one process
    // (no other can open its folder), so it needs no notifications: each would only cost its one connection a query.
    app = await buildApp({
      config,
      db: connection.db,
      ...(connection.driver === 'pg' && { notifications: connection }),
      backup: connection.backup,
    })
    await app.ready()
    const seedWarning = demoSeedWarning(config)
    if (seedWarning) app.log.warn(seedWarning)
    // Roadmap, training and help content on every database, the demo data set with SEED_DEMO: once, whichever
    // instance gets there first (the others wait, then find it done).
    seed = await seedAtStart(app, { demo: config.SEED_DEMO })
    await app.listen({ port: config.PORT, host: config.HOST })
  } catch (error) {
    await app?.close().catch(() => undefined)
    await connection?.close().catch(() => undefined)
    releaseDataDir()
    const where = connection
      ? ''
      : config.DATABASE_URL
        ? ' (database at DATABASE_URL)'
        : ` (data in ${config.DATA_DIR})`
    fail(describeStartupError(error, config) + where)
  }

  const database = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.DATA_DIR}`
  process.stdout.write(`Marketplace ready at ${config.PUBLIC_URL}  (database: ${database})\n`)
  if (seed && seed.accounts.length > 0) process.stdout.write(`\n${formatDemoTable(seed.accounts)}\n`)

  // Shutdown (SIGTERM from an orchestrator, Ctrl-C): first a drain (health answers 503, every answer closes its
  // connection, until requests stop coming), then app.close(): it stops accepting connections, answers 503 to any
  // request that still arrives on a kept-alive one (Fastify's return503OnClosing), closes idle connections
  // (forceCloseConnections: 'idle'), tells every realtime socket to reconnect (pusher:error 4200), waits for the
  // requests in flight, then lets running jobs finish (pg-boss's graceful stop); the database closes last.
  let isStopping = false
  const stop = async (signal: NodeJS.Signals) => {
    // A second Ctrl-C means "now": do not wait for slow connections.
    if (isStopping) process.exit(1)
    isStopping = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(
      () => {
        process.stderr.write('Shutdown took too long; exiting.\n')
        process.exit(1)
      },
      config.SHUTDOWN_DRAIN_SECONDS * 1000 + SHUTDOWN_GRACE_MS,
    )
    timer.unref()
    try {
      await app.drain({ quietMs: DRAIN_QUIET_MS, maxMs: config.SHUTDOWN_DRAIN_SECONDS * 1000 })
      await app.close()
    } finally {
      // PGlite keeps the event loop alive until closed; PostgreSQL pools hold sockets.
      await connection.close()
      releaseDataDir()
    }
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

start().catch((error: unknown) => {
  process.stderr.write(
    `The server crashed while starting: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exit(1)
})
