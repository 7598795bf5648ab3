import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { createPglite, fromPglite, fromPgPool, type DbConnection } from '../../server/db/client'

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

/** A private, already migrated database: a PGlite copy of the dump, or a PostgreSQL clone of the template. */
export async function openTestDatabase(template: TestDbTemplate): Promise<DbConnection> {
  if (template.driver === 'pglite') {
    const client = await createPglite({ loadDataDir: new Blob([readFileSync(template.dumpFile)]) })
    return fromPglite(client)
  }
  const name = `dm_test_${randomBytes(6).toString('hex')}`
  await withAdminClient(template.adminUrl, (admin) =>
    admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template.templateName)}`),
  )
  const connection = fromPgPool(new pg.Pool({ connectionString: databaseUrl(template.adminUrl, name) }))
  let isDropped = false
  return {
    ...connection,
    close: async () => {
      await connection.close()
      if (isDropped) return
      isDropped = true
      await withAdminClient(template.adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`))
    },
  }
}
