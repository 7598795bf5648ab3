import { sql } from 'drizzle-orm'
import { expect, inject, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { rowsOf } from '../../server/db/rows'
import { lendPglite } from './shared-pglite'

const dumpFile = () => {
  const template = inject('testDbTemplate')
  if (template.driver !== 'pglite') throw new Error('The server project runs on PGlite')
  return template.dumpFile
}

/** A session setting: not a table, a sequence or a schema, so only the same PGlite still holds it. */
const marker = async (db: Database) =>
  (await rowsOf<{ value: string | null }>(db, sql`select current_setting('keyway.test_marker', true) as value`))[0]
    ?.value ?? null

const flags = (db: Database) => rowsOf(db, sql`select value from app_settings where key = 'feature_flags'`)

const nextMessageId = async (db: Database) =>
  (await rowsOf<{ id: string }>(db, sql`select nextval(pg_get_serial_sequence('chat_messages', 'id'))::text as id`))[0]
    ?.id

it("lends the worker's PGlite again once a file gives it back, with its rows and ids as migrated", async () => {
  const first = await lendPglite(dumpFile())
  const asMigrated = await flags(first.db)
  const firstId = await nextMessageId(first.db)
  await first.db.execute(sql`select set_config('keyway.test_marker', 'the first file', false)`)
  await first.db.execute(sql`delete from app_settings where key = 'feature_flags'`)
  await first.close()

  const second = await lendPglite(dumpFile())
  try {
    // The same database, put back: not a fresh copy of the template (about 2 s a file).
    expect(await marker(second.db)).toBe('the first file')
    expect(await flags(second.db)).toEqual(asMigrated)
    expect(await nextMessageId(second.db)).toBe(firstId)
  } finally {
    await second.close()
  }
})
