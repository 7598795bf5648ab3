import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { createPglite, fromPglite, fromPgPool } from '../../server/db/client'
import { databaseUrl, quoteIdent, withAdminClient } from './test-db'

/**
 * Migrates ONE template database per run; each test file then gets its own copy (test-db.ts).
 * PGlite: the migrated data dir is dumped to a temp file that workers load into memory (measured
 * faster than clone() or copying a data folder). PostgreSQL (`server-pg` project, TEST_DATABASE_URL):
 * a template database that files clone with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB_DRIVER === 'pg') return setupPostgres(project)
  return setupPglite(project)
}

async function setupPglite(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'dealmarket-test-db-'))
  const client = await createPglite()
  try {
    await fromPglite(client).migrate()
    const dump = await client.dumpDataDir('none')
    writeFileSync(join(dir, 'template.tar'), Buffer.from(await dump.arrayBuffer()))
  } finally {
    await client.close()
  }
  project.provide('testDbTemplate', { driver: 'pglite', dumpFile: join(dir, 'template.tar') })
  return () => rmSync(dir, { recursive: true, force: true })
}

async function setupPostgres(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('The server-pg project needs TEST_DATABASE_URL (see scripts/ci-postgres.sh)')
  const templateName = `dm_template_${process.pid}_${Date.now().toString(36)}`
  await withAdminClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${quoteIdent(templateName)}`))
  const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, templateName) })
  try {
    await fromPgPool(pool).migrate()
  } finally {
    // CREATE DATABASE ... TEMPLATE refuses a template that still has connections.
    await pool.end()
  }
  project.provide('testDbTemplate', { driver: 'pg', adminUrl, templateName })
  return () =>
    withAdminClient(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(templateName)}`)).then(
      () => undefined,
    )
}
