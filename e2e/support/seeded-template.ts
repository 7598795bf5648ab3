/**
 * Makes the data folder every embedded e2e server starts from: the real server (server/main.ts) started once on
 * an empty folder with the environment it is given (playwright.config.ts passes an e2e server's), so it creates
 * its database, migrates and seeds it as any first start does; then stopped with SIGTERM, which closes the
 * database cleanly so the folder can be copied.
 *
 * A first start spends about 11 of its 18 s creating the cluster and seeding; a start on a copy of this folder
 * takes about 7 s, and each of the five embedded servers is started that way.
 *
 * Usage: node --import tsx e2e/support/seeded-template.ts (env: DATA_DIR, PORT, and the server's own).
 */
import { spawn } from 'node:child_process'

const port = Number(process.env.PORT)
const dataDir = process.env.DATA_DIR
if (!port || !dataDir) throw new Error('seeded-template: PORT and DATA_DIR must be set')

const START_TIMEOUT_MS = 120_000

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: process.env,
  stdio: ['ignore', 'ignore', 'inherit'],
})
const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)))

async function healthy(): Promise<boolean> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (server.exitCode !== null) return false
    const ok = await fetch(`http://localhost:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return true
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}

const ready = await healthy()
server.kill('SIGTERM')
const code = await exited
if (!ready || code !== 0) {
  process.stderr.write(`seeded-template: the server ${ready ? `stopped with code ${code}` : 'did not start'}\n`)
  process.exit(1)
}
