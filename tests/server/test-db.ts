import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { createPglite, fromPglite, fromPgPool, type DbConnection } from '../../server/db/client'
import { lendPglite } from './shared-pglite'

/** What global setup hands each test file: where the migrated template lives. */
export type TestDbTemplate =
  { driver: 'pglite'; dumpFile: string } | { driver: 'pg'; adminUrl: string; templateName: string }

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  export interface ProvidedContext {
    testDbTemplate: TestDbTemplate
  }
}

/** Names we create and drop ourselves; quoting them is still cheap insurance. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  return url.toString()
}

export async function withAdminClient<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/**
 * A private, already migrated database: the worker's PGlite put back as migrated (shared-pglite.ts), or a
 * PostgreSQL clone of the template.
 */
export async function openTestDatabase(template: TestDbTemplate): Promise<DbConnection & { url?: string }> {
  if (template.driver === 'pglite') return lendPglite(template.dumpFile)
  const name = `dm_test_${randomBytes(6).toString('hex')}`
  await withAdminClient(template.adminUrl, (admin) =>
    admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template.templateName)} STRATEGY FILE_COPY`),
  )
  const url = databaseUrl(template.adminUrl, name)
  const connection = fromPgPool(new pg.Pool({ connectionString: url }))
  let isDropped = false
  return {
    ...connection,
    url,
    close: async () => {
      await connection.close()
      if (isDropped) return
      isDropped = true
      await withAdminClient(template.adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`))
    },
  }
}

/**
 * Two connections to ONE private, migrated database, as two server instances hold: over one PGlite, two
 * drizzle wrappers (so whatever is remembered per Database object is kept apart); under PostgreSQL, two pools.
 * `close` closes both and drops the database.
 */
export async function openTestDatabasePair(
  template: TestDbTemplate,
): Promise<{ first: DbConnection; second: DbConnection; close(): Promise<void> }> {
  if (template.driver === 'pglite') {
    const client = await createPglite({ loadDataDir: new Blob([readFileSync(template.dumpFile)]) })
    const first = fromPglite(client)
    return { first, second: fromPglite(client), close: () => first.close() }
  }
  const first = await openTestDatabase(template)
  const { url } = first
  if (!url) throw new Error('openTestDatabase answers its url under PostgreSQL')
  const second = fromPgPool(new pg.Pool({ connectionString: url }))
  return {
    first,
    second,
    close: async () => {
      await second.close()
      await first.close()
    },
  }
}
