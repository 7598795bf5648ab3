import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import * as schema from './schema'
import { ensureJobSchema } from '../jobs/schema'
import { ADVISORY_LOCKS, withAdvisoryLock } from './advisory-lock'
import { listenOnPostgres, type Listen } from './notify'

/** The query builder every repository takes; the same type whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export type DbConnection = {
  db: Database
  driver: 'pglite' | 'pg'
  /**
   * Applies the SQL in server/db/migrations that this database has not seen yet, and the job system's tables,
   * under an advisory lock: instances starting together migrate one after the other (the later ones find it done).
   */
  migrate(): Promise<void>
  /**
   * LISTEN on `channel` (the instances' bus, server/db/notify.ts); answers the UNLISTEN. PGlite hears its own
   * process; PostgreSQL holds one dedicated connection per call, reconnecting when it drops.
   */
  listen: Listen
  /** Must be awaited before exit: an open PGlite keeps the process alive. */
  close(): Promise<void>
  /** PGlite only: the database as a consistent gzipped tarball (server/db/backup.ts); PostgreSQL has pg_dump. */
  backup?: () => Promise<Blob>
}

/** Resolved from this file, not the working directory, so tests and scripts find it anywhere. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

type DbSettings = { DATABASE_URL?: string | undefined; DATA_DIR: string }

export async function openDatabase(settings: DbSettings): Promise<DbConnection> {
  if (settings.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: settings.DATABASE_URL,
      // Without a timeout a dead database makes /api/health hang instead of answering 503.
      connectionTimeoutMillis: 5_000,
    })
    const connection = fromPgPool(pool)
    // Fail at start with the driver's own message rather than on the first request.
    await connection.db.execute(sql`select 1`)
    return connection
  }
  const dataDir = join(settings.DATA_DIR, 'pg')
  mkdirSync(dataDir, { recursive: true })
  return fromPglite(await createPglite({ dataDir }))
}

/** A PGlite with the extensions the migrations create (help search needs pg_trgm and unaccent). */
export function createPglite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm, unaccent, ...options.extensions } })
}

export function fromPglite(client: PGlite): DbConnection {
  const db = drizzlePglite(client, { schema })
  return {
    db,
    driver: 'pglite',
    migrate: () =>
      withAdvisoryLock(db, ADVISORY_LOCKS.migrate, async () => {
        await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
        await ensureJobSchema(db)
      }),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload)
      return async () => {
        if (!client.closed) await unlisten()
      }
    },
    close: async () => {
      if (!client.closed) await client.close()
    },
    backup: () => dumpPglite(client),
  }
}

/**
 * PGlite's data folder as a gzipped tarball, consistent: read between two transactions (none runs while the
 * files are read), after a checkpoint so a restore replays almost no WAL.
 */
export async function dumpPglite(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT')
  // PGlite's lock of transactions, which every query and transaction takes: dumpDataDir alone holds only the
  // lock of single statements, so it could read the files in the middle of a transaction.
  return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'))
}

export function fromPgPool(pool: pg.Pool): DbConnection {
  const db = drizzlePg(pool, { schema })
  let isClosed = false
  const listening = new Set<() => Promise<void>>()
  return {
    db,
    driver: 'pg',
    migrate: () =>
      withAdvisoryLock(db, ADVISORY_LOCKS.migrate, async () => {
        await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })
        await ensureJobSchema(db)
      }),
    listen: async (channel, onPayload, events) => {
      const unlisten = await listenOnPostgres(pool.options, channel, onPayload, events)
      const stop = async () => {
        listening.delete(stop)
        await unlisten()
      }
      listening.add(stop)
      return stop
    },
    close: async () => {
      if (isClosed) return
      isClosed = true
      await Promise.all([...listening].map((stop) => stop()))
      await pool.end()
    },
  }
}

/** The cheapest round trip that proves the database answers. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`)
}
