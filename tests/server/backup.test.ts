import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type OfferInput } from '../../src/contract'
import { createPglite, fromPglite, type Database } from '../../server/db/client'
import { pgliteFolderOf, restorePglite } from '../../server/db/backup'
import { backupDataDir, restoreDataDir } from '../../server/db/backup-folder'
import { claimDataDir } from '../../server/db/data-dir-owner'
import { rowsOf } from '../../server/db/rows'
import { conversation } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'
import { tableNames } from './table-names'

const cashOffer = { type: 'cash', purchasePrice: 240000, closeOfEscrowDate: '2099-06-30', message: 'Can close fast.' }

/** Every row of every table (the app's, the job system's, the migrations'), each table's rows in a fixed order. */
async function tableContents(db: Database): Promise<Record<string, string>> {
  const contents: Record<string, string> = {}
  for (const name of await tableNames(db, 'every schema')) {
    const [row] = await rowsOf<{ rows: string }>(
      db,
      sql`select coalesce(string_agg(t::text, E'\n' order by t::text), '') as rows from ${sql.raw(name)} t`,
    )
    contents[name] = row!.rows
  }
  return contents
}

/** Opens the embedded database of `dataDir` as the server would, runs `read` on it, closes it. */
async function readDataDir<T>(dataDir: string, read: (db: Database) => Promise<T>): Promise<T> {
  const connection = fromPglite(await createPglite({ dataDir: pgliteFolderOf(dataDir) }))
  try {
    return await read(connection.db)
  } finally {
    await connection.close()
  }
}

describe('backing up the embedded database while the app runs, and restoring it', () => {
  let t: TestApp
  const folders: string[] = []
  const tempFolder = (prefix: string) => {
    const folder = mkdtempSync(join(tmpdir(), prefix))
    folders.push(folder)
    return folder
  }
  let tarball: Uint8Array<ArrayBuffer>
  let asOfBackup: Record<string, string>

  beforeAll(async () => {
    // Backups are the embedded database's (on PostgreSQL the endpoint refuses; pg_dump is the tool): the app
    // stands on a freshly migrated PGlite in both test projects, not on the project's test database.
    const embedded = fromPglite(await createPglite())
    await embedded.migrate()
    t = await createTestApp({ connection: embedded })
    const close = t.close
    t = { ...t, close: async () => (await close(), await embedded.close()) }
  }, 120_000)
  afterAll(async () => {
    await t.close()
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })

  it('restores exactly the data as of the backup, none written after', { timeout: 60_000 }, async () => {
    const { seller, buyer, deal } = await conversation(t, {}, 'Backup marker: before')
    await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer as OfferInput })
    asOfBackup = await tableContents(t.db)
    expect(asOfBackup['public.deals']).toContain(deal.id)
    expect(asOfBackup['public.offers']).toContain(deal.id)
    expect(Object.values(asOfBackup).join('\n')).toContain('Backup marker: before')

    const response = await client(t.app).send(endpoints.databaseBackup)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/gzip')
    tarball = new Uint8Array(response.rawPayload)

    // Written after the backup: a listing, an offer on it, a message.
    const later = await createListing(t, seller)
    await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: later.id }, body: cashOffer as OfferInput })
    await client(t.app, buyer).ok(endpoints.startThread, {
      body: { dealId: later.id, message: 'Backup marker: after' },
    })
    expect(await tableContents(t.db)).not.toEqual(asOfBackup)

    const restored = tempFolder('keyway-restore-')
    expect(await restorePglite(new Blob([tarball]), restored)).toBeNull()
    const contents = await readDataDir(restored, tableContents)
    expect(contents).toEqual(asOfBackup)
    expect(Object.values(contents).join('\n')).not.toContain('Backup marker: after')
  })

  it(
    'backs up a stopped data folder with its files, and restores it beside what was there',
    { timeout: 90_000 },
    async () => {
      const dataDir = tempFolder('keyway-data-')
      await restorePglite(new Blob([tarball]), dataDir)
      mkdirSync(join(dataDir, 'uploads', 'deals'), { recursive: true })
      writeFileSync(join(dataDir, 'uploads', 'deals', 'photo.webp'), 'photo bytes')

      const backup = join(tempFolder('keyway-backups-'), 'nightly')
      const result = await backupDataDir(dataDir, backup)
      expect(result.from).toBe('data folder')

      // A later state of the same folder, which the restore must move aside and not lose.
      writeFileSync(join(dataDir, 'uploads', 'deals', 'photo.webp'), 'changed later')
      const release = claimDataDir(dataDir, { port: 3000, host: 'localhost' })
      await expect(restoreDataDir(backup, dataDir)).rejects.toThrow(/has .* open\. Stop it/)
      release()

      const { movedAside } = await restoreDataDir(backup, dataDir, new Date('2026-11-27T12:00:00Z'))
      expect(movedAside.sort()).toEqual(
        [
          `${pgliteFolderOf(dataDir)}.before-restore-2026-11-27T12-00-00-000Z`,
          `${join(dataDir, 'uploads')}.before-restore-2026-11-27T12-00-00-000Z`,
        ].sort(),
      )
      expect(readFileSync(join(dataDir, 'uploads', 'deals', 'photo.webp'), 'utf8')).toBe('photo bytes')
      expect(await readDataDir(dataDir, tableContents)).toEqual(asOfBackup)
    },
  )
})
