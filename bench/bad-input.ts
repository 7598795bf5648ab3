import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { InjectOptions } from 'fastify'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/modules/seed/demo-accounts'
import { seedDemo } from '../server/modules/seed/service'
import { formatResult, prepareRun, routeCollector, runBadInput } from './bad-input-requests'

const COUNT = Number(process.env.BAD_INPUT_REQUESTS ?? 10_000)
const SEED = Number(process.env.BAD_INPUT_SEED ?? 8)

/**
 * The bad-input run: the real app in process on a temporary PGlite with the demo marketplace, every
 * route it registers, `COUNT` hostile requests from every demo role and from nobody. Any answer of
 * 500 or more is a defect: the run lists them and exits with 1.
 */
export async function badInputRun(): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'keyway-bad-input-'))
  // A stand-in SPA build, so page paths answer as they do in production.
  const staticDir = join(dataDir, 'spa')
  mkdirSync(staticDir)
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Keyway</title>')
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    LOG_LEVEL: 'silent',
    // Not production: the dev outbox exists outside production only, and it gets hostile input too.
    NODE_ENV: 'test',
    SEED_DEMO: 'true',
    PUBLIC_URL: 'http://localhost:3000',
  })
  const connection = await openDatabase(config)
  // Migrated before the app is built: building it reads the identity provider's signing key.
  await connection.migrate()
  const { routes, onRoute } = routeCollector()
  const app = await buildApp({ config, db: connection.db, onRoute })
  try {
    await app.ready()
    await seedDemo(app)
    const inject = (options: InjectOptions) => app.inject(options)
    const accounts = DEMO_ACCOUNTS.map((account) => ({ email: account.email, password: DEMO_PASSWORD }))
    // The admin last: prepareRun reads sample ids with the last account.
    accounts.sort((a, b) => Number(a.email.startsWith('admin')) - Number(b.email.startsWith('admin')))
    const { context } = await prepareRun(inject, accounts)
    console.log(`\nBad input: ${routes.length} routes, seed ${SEED} (BAD_INPUT_SEED replays it)`)
    const result = await runBadInput(inject, routes, { count: COUNT, seed: SEED, context })
    for (const line of formatResult(result)) console.log(`  ${line}`)
    return result.failures.length === 0
  } finally {
    await app.close()
    await connection.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const isClean = await badInputRun()
  if (!isClean) process.exitCode = 1
}
