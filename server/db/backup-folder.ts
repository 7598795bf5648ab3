import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { endpoints } from '../../src/contract'
import { createPglite, dumpPglite } from './client'
import { dataDirOwner } from './data-dir-owner'
import { BACKUP_DATABASE_FILE, BACKUP_FILES_FOLDER, isDataDirFile, pgliteFolderOf, restorePglite } from './backup'

/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts): a backup is a folder holding
 * the embedded database as a tarball and a copy of DATA_DIR's files (uploads), so people's photos come back
 * with the rows that name them.
 */

export class BackupRefused extends Error {}

export type BackupResult = { folder: string; from: 'running server' | 'data folder'; databaseBytes: number }

/** Where the running server answers on this machine (the backup endpoint takes loopback callers only). */
function loopbackHost(host: string): string {
  return ['0.0.0.0', '::', 'localhost', ''].includes(host) ? '127.0.0.1' : host
}

/**
 * Copies DATA_DIR into `folder` (created; must be empty or new): from the server that has it open, through its
 * loopback-only backup endpoint, or, with none running, by opening the database folder itself.
 */
export async function backupDataDir(dataDir: string, folder: string): Promise<BackupResult> {
  if (existsSync(folder) && readdirSync(folder).length > 0) throw new BackupRefused(`${folder} is not empty.`)
  if (!existsSync(pgliteFolderOf(dataDir))) throw new BackupRefused(`There is no database in ${dataDir}.`)
  mkdirSync(folder, { recursive: true })
  const owner = dataDirOwner(dataDir)
  let tarball: Uint8Array
  if (owner) {
    const url = `http://${loopbackHost(owner.host)}:${owner.port}${endpoints.databaseBackup.path}`
    let response: Response
    try {
      response = await fetch(url)
    } catch (cause) {
      throw new BackupRefused(
        `The server (process ${owner.pid}) has ${dataDir} open but does not answer on port ${owner.port} ` +
          `(still starting?): ${cause instanceof Error ? cause.message : String(cause)}`,
      )
    }
    if (!response.ok)
      throw new BackupRefused(`The server refused the backup: ${response.status} ${await response.text()}`)
    tarball = new Uint8Array(await response.arrayBuffer())
  } else {
    const client = await createPglite({ dataDir: pgliteFolderOf(dataDir) })
    try {
      tarball = new Uint8Array(await (await dumpPglite(client)).arrayBuffer())
    } finally {
      await client.close()
    }
  }
  writeFileSync(join(folder, BACKUP_DATABASE_FILE), tarball)
  // After the database: a file a row names was written before its row, so it is there (one added since is an
  // unused extra).
  const files = join(folder, BACKUP_FILES_FOLDER)
  mkdirSync(files)
  for (const name of readdirSync(dataDir).filter(isDataDirFile)) {
    cpSync(join(dataDir, name), join(files, name), { recursive: true })
  }
  return { folder, from: owner ? 'running server' : 'data folder', databaseBytes: tarball.byteLength }
}

export type RestoreResult = { movedAside: string[] }

/**
 * Brings a backup folder back into DATA_DIR, which no server may have open. The database and each file or
 * folder the backup holds replace what is there, which is moved aside (`<name>.before-restore-<time>`), never
 * deleted.
 */
export async function restoreDataDir(folder: string, dataDir: string, now = new Date()): Promise<RestoreResult> {
  const tarballFile = join(folder, BACKUP_DATABASE_FILE)
  if (!existsSync(tarballFile)) throw new BackupRefused(`${folder} holds no ${BACKUP_DATABASE_FILE}: not a backup.`)
  const owner = dataDirOwner(dataDir)
  if (owner) {
    throw new BackupRefused(
      `A server (process ${owner.pid}, port ${owner.port}) has ${dataDir} open. Stop it, then restore again.`,
    )
  }
  mkdirSync(dataDir, { recursive: true })
  const movedAside: string[] = []
  const movedDatabase = await restorePglite(new Blob([readFileSync(tarballFile)]), dataDir, now)
  if (movedDatabase) movedAside.push(movedDatabase)
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  const files = join(folder, BACKUP_FILES_FOLDER)
  for (const name of existsSync(files) ? readdirSync(files) : []) {
    const target = join(dataDir, name)
    if (existsSync(target)) {
      renameSync(target, `${target}.before-restore-${stamp}`)
      movedAside.push(`${target}.before-restore-${stamp}`)
    }
    cpSync(join(files, name), target, { recursive: true })
  }
  return { movedAside }
}
