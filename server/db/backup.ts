import { existsSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { createPglite } from './client'

/**
 * Backups of the embedded database (PGlite). Its data folder belongs to the one process that opened it, so a
 * running server makes the copy itself (`GET /api/system/backup`, loopback only); with no server running, the
 * backup script opens the folder. On PostgreSQL, pg_dump and pg_restore do this job (README, Backups).
 */

/** Where the database of DATA_DIR lives (server/db/client.ts opens the same). */
export const pgliteFolderOf = (dataDir: string) => join(dataDir, 'pg')

/**
 * Writes `tarball` (a dumpPglite answer) as the database of `dataDir`, first moving an existing one aside to
 * `pg.before-restore-<time>` (never deleted). Answers where the old one went, or null when there was none.
 * The caller makes sure no server has the folder open.
 */
export async function restorePglite(tarball: Blob, dataDir: string, now = new Date()): Promise<string | null> {
  const folder = pgliteFolderOf(dataDir)
  let movedTo: string | null = null
  if (existsSync(folder)) {
    movedTo = `${folder}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`
    renameSync(folder, movedTo)
  }
  const client = await createPglite({ dataDir: folder, loadDataDir: tarball })
  // Proves the copy opens as a database before the restore is called done.
  await client.exec('select 1')
  await client.close()
  return movedTo
}

/** What a backup folder holds: the database's tarball and a copy of every other file of DATA_DIR. */
export const BACKUP_DATABASE_FILE = 'database.tar.gz'
export const BACKUP_FILES_FOLDER = 'files'

/**
 * DATA_DIR's own files beside the database (uploads/, private/): copied as they are. Left out: the database
 * folder (it comes as the tarball), the folders a restore moved aside, and the owner record.
 */
export function isDataDirFile(name: string): boolean {
  return name !== 'pg' && !name.includes('.before-restore-') && name !== 'server.json'
}
