import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Which process has DATA_DIR's embedded database open. PGlite leaves no lock of its own in its folder and two
 * processes on one folder would corrupt it, so the server records itself in DATA_DIR/server.json from before
 * it opens the database until it has closed it; the backup and restore scripts read it (a record whose
 * process is gone, e.g. after a kill -9, counts as nobody).
 */
export type DataDirOwner = { pid: number; port: number; host: string }

const ownerFile = (dataDir: string) => join(dataDir, 'server.json')

/** Records this process as the folder's owner; answers the release, which removes the record if still ours. */
export function claimDataDir(dataDir: string, owner: Omit<DataDirOwner, 'pid'>): () => void {
  const record: DataDirOwner = { pid: process.pid, ...owner }
  writeFileSync(ownerFile(dataDir), `${JSON.stringify(record)}\n`)
  return () => {
    if (dataDirOwner(dataDir)?.pid === process.pid) rmSync(ownerFile(dataDir), { force: true })
  }
}

/** The live process that has the folder open, or null. */
export function dataDirOwner(dataDir: string): DataDirOwner | null {
  let record: DataDirOwner
  try {
    record = JSON.parse(readFileSync(ownerFile(dataDir), 'utf8')) as DataDirOwner
  } catch {
    return null
  }
  return Number.isInteger(record.pid) && isAlive(record.pid) ? record : null
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
