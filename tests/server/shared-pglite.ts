import { readFileSync } from 'node:fs'
import type { PGlite } from '@electric-sql/pglite'
import { createPglite, fromPglite, type DbConnection } from '../../server/db/client'

/**
 * One migrated PGlite per test worker, lent to one test file at a time and put back as the template was.
 * Loading the 43 MB template costs ~1.7 s per file; emptying the tables costs ~0.1 s. Vitest runs a
 * worker's files one after another and keeps this module between them (isolate: false).
 *
 * "As the template was": the job system's queues are deleted (with their tables), every table of ours and of
 * pg-boss is truncated (identities restarted) and the rows migrations put there are written back. Before
 * that, the schemas and sequences are compared with the template's: a file that created, dropped or altered
 * anything gets a fresh copy instead, so no file can see what another left behind.
 */
type Template = { dumpFile: string; relations: string; rows: { table: string; json: string }[]; sequences: string }

type Shared = { client: PGlite; template: Template; lent: boolean }

let shared: Shared | undefined

/** Tables a reset keeps: the record of applied migrations and pg-boss's schema version. */
const KEPT_TABLES = new Set(['drizzle.__drizzle_migrations', 'pgboss.version'])

// Both lists are ordered by name: a truncate rewrites catalogue rows, so their stored order changes at every reset
// (an `order by 1` inside an aggregate sorts by the constant 1, which made every reset fail and load a fresh copy).
const RELATIONS = `select string_agg(format('%I.%I:%s', n.nspname, c.relname, c.relkind), ','
    order by n.nspname, c.relname) as list
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%'`
const TABLES = `select format('%I.%I', schemaname, tablename) as name from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema') order by 1`
const SEQUENCES = `select coalesce(string_agg(format('%I.%I=%s', schemaname, sequencename, last_value), ','
  order by schemaname, sequencename), '')
  as list from pg_sequences`

async function one<T>(client: PGlite, query: string): Promise<T> {
  const { rows } = await client.query<T>(query)
  return rows[0]!
}

async function clearableTables(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(TABLES)
  return rows.map((row) => row.name).filter((name) => !KEPT_TABLES.has(name))
}

async function templateOf(client: PGlite, dumpFile: string): Promise<Template> {
  const rows: Template['rows'] = []
  for (const table of await clearableTables(client)) {
    const { json } = await one<{ json: string | null }>(client, `select json_agg(t)::text as json from ${table} t`)
    if (json) rows.push({ table, json })
  }
  const { list: relations } = await one<{ list: string }>(client, RELATIONS)
  const { list: sequences } = await one<{ list: string }>(client, SEQUENCES)
  return { dumpFile, relations, rows, sequences }
}

/** Puts the template's state back; false when the file changed what a reset cannot undo. */
async function reset({ client, template }: Shared): Promise<boolean> {
  if (client.closed) return false
  // A queue's table holds its jobs, which keep the queue from being deleted.
  await client.exec('truncate pgboss.job, pgboss.archive')
  await client.query('select pgboss.delete_queue(name) from pgboss.queue')
  if ((await one<{ list: string }>(client, RELATIONS)).list !== template.relations) return false
  await client.exec(`truncate ${(await clearableTables(client)).join(', ')} restart identity cascade`)
  for (const { table, json } of template.rows) {
    await client.query(
      `insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1)`,
      [json],
    )
  }
  return (await one<{ list: string }>(client, SEQUENCES)).list === template.sequences
}

/**
 * The file's view of the shared database: its own query builder over the worker's PGlite. Closing it gives
 * the database back; from then on it answers as a closed PGlite does (a test of "the database is gone" still
 * sees it gone), and what it was listening to is no longer heard.
 */
function lend(entry: Shared): DbConnection {
  entry.lent = true
  let isClosed = false
  const unlistens = new Set<() => Promise<void>>()
  const client = new Proxy(entry.client, {
    get(target, property) {
      if (property === 'closed') return isClosed || target.closed
      const value: unknown = Reflect.get(target, property, target)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (isClosed) return Promise.reject(new Error('PGlite is closed'))
        return (value as (...rest: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  const connection = fromPglite(client)
  return {
    ...connection,
    listen: async (channel, onPayload, events) => {
      const unlisten = await connection.listen(channel, onPayload, events)
      const stop = async () => {
        unlistens.delete(stop)
        if (!entry.client.closed) await unlisten()
      }
      unlistens.add(stop)
      return stop
    },
    close: async () => {
      if (isClosed) return
      await Promise.all([...unlistens].map((stop) => stop()))
      isClosed = true
      entry.lent = false
    },
  }
}

async function load(dumpFile: string): Promise<PGlite> {
  return createPglite({ loadDataDir: new Blob([readFileSync(dumpFile)]) })
}

/** A migrated PGlite for one test file: the worker's shared one when it is free, else a copy of its own. */
export async function lendPglite(dumpFile: string): Promise<DbConnection> {
  if (shared?.lent) return fromPglite(await load(dumpFile))
  if (shared && shared.template.dumpFile === dumpFile && (await reset(shared))) return lend(shared)
  if (shared && !shared.client.closed) await shared.client.close()
  const client = await load(dumpFile)
  shared = { client, template: await templateOf(client, dumpFile), lent: false }
  return lend(shared)
}
