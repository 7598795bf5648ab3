/**
 * `npm run restore <folder>`: brings a backup (scripts/backup.ts) back into DATA_DIR. The server must be
 * stopped; what DATA_DIR held is moved aside, never deleted.
 */
import { ConfigError, loadConfig } from '../server/config'
import { BackupRefused, restoreDataDir } from '../server/db/backup-folder'

async function main() {
  const config = loadConfig(process.env)
  if (config.DATABASE_URL) {
    process.stderr.write(
      'DATABASE_URL is set: the data is in PostgreSQL. Restore a pg_dump backup with\n' +
        '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" keyway.dump\n',
    )
    process.exit(1)
  }
  const folder = process.argv[2]
  if (!folder) {
    process.stderr.write('Usage: npm run restore <backup folder>\n')
    process.exit(1)
  }
  const { movedAside } = await restoreDataDir(folder, config.DATA_DIR)
  process.stdout.write(
    `Restored ${folder} into ${config.DATA_DIR}.\n` +
      (movedAside.length ? `What was there is kept in:\n${movedAside.map((path) => `  ${path}\n`).join('')}` : ''),
  )
}

main().catch((error: unknown) => {
  const expected = error instanceof BackupRefused || error instanceof ConfigError
  process.stderr.write(
    `Restore failed: ${expected ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
  )
  process.exit(1)
})
