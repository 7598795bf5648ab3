/**
 * `npm run backup [folder]`: copies the embedded database and DATA_DIR's files into a new folder (default
 * backups/keyway-<time>), consistently, while the server runs or not. On PostgreSQL it says to use pg_dump.
 */
import { join } from 'node:path'
import { ConfigError, loadConfig } from '../server/config'
import { backupDataDir, BackupRefused } from '../server/db/backup-folder'

async function main() {
  const config = loadConfig(process.env)
  if (config.DATABASE_URL) {
    process.stderr.write(
      'DATABASE_URL is set: the data is in PostgreSQL. Back it up with pg_dump, e.g.\n' +
        '  pg_dump --format=custom --file=keyway.dump "$DATABASE_URL"\n' +
        'and restore it with pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" keyway.dump\n',
    )
    process.exit(1)
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const folder = process.argv[2] ?? join('backups', `keyway-${stamp}`)
  const started = Date.now()
  const result = await backupDataDir(config.DATA_DIR, folder)
  process.stdout.write(
    `Backed up ${config.DATA_DIR} (from the ${result.from}) into ${result.folder}: database ` +
      `${(result.databaseBytes / 1_048_576).toFixed(1)} MiB, in ${((Date.now() - started) / 1000).toFixed(1)} s.\n` +
      `Restore it with: npm run restore ${result.folder}\n`,
  )
}

main().catch((error: unknown) => {
  const expected = error instanceof BackupRefused || error instanceof ConfigError
  process.stderr.write(
    `Backup failed: ${expected ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
  )
  process.exit(1)
})
