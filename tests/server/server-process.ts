import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createPglite } from '../../server/db/client'
import type { TestDbTemplate } from './test-db'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** A port nobody listens on right now (the kernel's pick, released for the child to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/**
 * Writes the migrated test template into `dataDir`/pg, as the server keeps its embedded database there, so a
 * spawned server starts without running every migration (when the template is PGlite's).
 */
export async function seedDataDir(template: TestDbTemplate, dataDir: string): Promise<void> {
  // A spawned server here runs on the embedded database: with a PostgreSQL template (the server-pg project)
  // there is no PGlite dump to copy, and the server migrates the empty folder itself when it starts.
  if (template.driver !== 'pglite') return
  const client = await createPglite({
    dataDir: join(dataDir, 'pg'),
    loadDataDir: new Blob([readFileSync(template.dumpFile)]),
  })
  await client.close()
}

export type ServerProcess = {
  child: ChildProcess
  port: number
  /** Everything the process wrote to stderr so far (for failure messages). */
  stderr(): string
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>
}

/** `node --import tsx server/main.ts` on `dataDir` and a free port; resolves once it says it is ready. */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-spa-build'),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WRITE_LIMITS_OFF: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  )
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (stdout.includes('Marketplace ready at')) resolve()
    })
    void exited.then((code) => reject(new Error(`The server exited (${code}) before it was ready:\n${stderr}`)))
  })
  return { child, port, stderr: () => stderr, exited }
}
