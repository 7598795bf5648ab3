import { spawn } from 'node:child_process'

/**
 * How e2e runs the real server (embedded defaults) and waits for it. The journeys' own server is Playwright's
 * `webServer` (playwright.config.ts); the servers only one project needs are started by that project's worker
 * when it begins (e2e/support/project-servers.ts), beside the journeys, and stopped when it ends.
 */

/** The command that runs the server, as `node <args>`. */
export const SERVER_ARGS = ['--import', 'tsx', 'server/main.ts']

/** The server's environment in e2e, on its own port and data folder (the notes say why each differs). */
export function e2eServerEnv(port: number, dataDir: string, extraEnv: Record<string, string> = {}) {
  return {
    // Not production: the e2e run reads sign-in codes from /api/dev/outbox and signs in as the demo accounts,
    // which production never offers. NODE_ENV only decides those two and the log format; the built SPA,
    // static caching, CSP and headers are the same as in production.
    NODE_ENV: 'test',
    SEED_DEMO: 'true',
    PORT: String(port),
    HOST: 'localhost',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    // Short-lived tokens, so the e2e run exercises silent refresh (the session refreshes 30 s in, never
    // before each call: 330 s stays above the 300 s "token is fine" threshold). E2E_ID_TOKEN_TTL_SECONDS=60
    // makes every call refresh first, which is how the reload-during-refresh race was found.
    IDP_ID_TOKEN_TTL_SECONDS: process.env.E2E_ID_TOKEN_TTL_SECONDS ?? '330',
    // The offer webhook may reach a receiver the test starts on this machine (never allowed in production).
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    // The journeys share the demo accounts and seed through the API (100 messages in seconds): the limits of
    // writes that mail or notify are the server tests' subject (tests/server/write-limits.test.ts), not theirs.
    WRITE_LIMITS_OFF: 'true',
    // Cheap password hashes for the demo accounts and every sign-up (server/identity/passwords.ts): the
    // journeys sign in over a hundred times; the production cost is the server tests' subject.
    TEST_PASSWORD_HASH_N: '1024',
    ...extraEnv,
  }
}

/**
 * Asks `url` until it answers 2xx: true then; false when `timeoutMs` has passed or `exited()` says the process
 * that should answer has stopped.
 */
export async function waitHealthy(
  url: string,
  { timeoutMs = 120_000, intervalMs = 200, exited = () => false }: WaitOptions = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (exited()) return false
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return true
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  return false
}

type WaitOptions = { timeoutMs?: number; intervalMs?: number; exited?: () => boolean }

/** A program e2e starts and waits for: `node <args>` with `env` added, healthy once `healthUrl` answers. */
export type ServerSpec = {
  name: string
  args: string[]
  env: Record<string, string>
  healthUrl: string
  timeoutMs?: number
}

/** How long a stopped server may take to finish what it has in flight and close its database. */
const STOP_GRACE_MS = 20_000

/**
 * Starts the program and waits until it is healthy; its stderr goes to this process's, each line named. The
 * answer stops it with SIGTERM (the server's graceful shutdown), or SIGKILL once the grace has passed, and
 * answers its exit code.
 */
export async function startServer(spec: ServerSpec): Promise<{ stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, spec.args, {
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) if (line) process.stderr.write(`[${spec.name}] ${line}\n`)
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const hasExited = () => child.exitCode !== null || child.signalCode !== null

  /** Answers the exit code: 0 when the server shut down cleanly. */
  const stop = async () => {
    if (!hasExited()) child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
    const code = await exited
    clearTimeout(killer)
    return code
  }

  const healthy = await waitHealthy(spec.healthUrl, { timeoutMs: spec.timeoutMs, exited: hasExited })
  if (!healthy) {
    const why = hasExited() ? `exited (${child.signalCode ?? child.exitCode})` : 'did not become healthy in time'
    await stop()
    throw new Error(`e2e: the ${spec.name} server ${why} (${spec.healthUrl})`)
  }
  return { stop }
}
