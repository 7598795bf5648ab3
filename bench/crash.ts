import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { amcheck } from '@electric-sql/pglite/contrib/amcheck'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { createPglite, fromPglite } from '../server/db/client'
import { pgliteFolderOf, restorePglite } from '../server/db/backup'
import { updateUserRow } from '../server/modules/users/repository'
import { endpoints, type Role } from '../src/contract'
import { CASH_LISTING } from '../tests/fixtures/cash-listing'
import { startServerProcess } from '../tests/server/server-process'
import {
  buyerBurst,
  integrityProblems,
  markersIn,
  refusals,
  sellerBurst,
  type Account,
  type Acknowledged,
} from './crash-writes'
import { benchSignIn } from './sign-in'

/**
 * Crash safety: the real server (a child process) on an on-disk PGlite takes a burst of listing creates,
 * interests, offers and messages over HTTP and is killed with SIGKILL in the middle, BENCH_CRASH_KILLS times
 * (20), each time restarted on the same folder. Afterwards every write that got a 2xx must be there exactly
 * once and no row may have lost what it belongs to. Answers whether all held.
 */
const PASSWORD = 'CrashPass1!'
// The tokens' issuer: the same in the set-up and in every server process, so the tokens signed once stay valid.
const PUBLIC_URL = 'http://localhost:3000'
const PREPARED_LISTINGS = 200
const ACCOUNTS: { email: string; roles: Role[] }[] = [
  { email: 'crash-seller@bench.test', roles: ['originator'] },
  { email: 'crash-buyer-1@bench.test', roles: ['buyer'] },
  { email: 'crash-buyer-2@bench.test', roles: ['buyer'] },
  { email: 'crash-buyer-3@bench.test', roles: ['buyer'] },
]

/** A seeded generator (mulberry32), so a run's kill moments can be repeated. */
function seeded(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * The data folder with its database migrated and the bench's accounts, made in process before any server runs;
 * answers each account's ID token (signed with the key in the database, so every server process accepts it).
 */
async function prepareDataDir(dataDir: string): Promise<{ accounts: Account[]; listings: string[] }> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    PUBLIC_URL,
  })
  // Made in memory, then written into the folder as a restore does (an on-disk initdb is several times slower).
  const connection = fromPglite(await createPglite())
  await connection.migrate()
  // The burst writes far more than a person would: the write limits (tested elsewhere) are off, as in the server process.
  const app = await buildApp({ config, db: connection.db, writeLimits: false })
  await app.ready()
  const accounts: Account[] = []
  const listings: string[] = []
  try {
    for (const account of ACCOUNTS) {
      await app.idp.adminCreateUser({
        email: account.email,
        password: PASSWORD,
        attributes: { given_name: 'Crash', family_name: 'Tester' },
        confirmed: true,
      })
      const headers = await benchSignIn((options) => app.inject(options), account.email, PASSWORD)
      // The first private call makes the users row; the roles are set as an admin would.
      const me = (await app.inject({ method: 'GET', url: endpoints.me.path, headers })).json() as { id: string }
      await updateUserRow(connection.db, me.id, { roles: account.roles })
      accounts.push({ email: account.email, headers })
    }
    // Listings the buyers start on at once, before the seller's first of the round is acknowledged.
    for (let i = 0; i < PREPARED_LISTINGS; i += 1) {
      const body = {
        ...CASH_LISTING,
        streetAddress: `${i + 1} Prepared Road`,
        dealDescription: 'Prepared for the crash bench.',
      }
      const answer = await app.inject({
        method: 'POST',
        url: endpoints.createDeal.path,
        headers: accounts[0]!.headers,
        payload: body,
      })
      if (answer.statusCode !== 201) throw new Error(`Crash bench set-up listing: ${answer.statusCode} ${answer.body}`)
      listings.push((answer.json() as { id: string }).id)
    }
  } finally {
    await app.close()
  }
  try {
    await restorePglite(await connection.backup!(), dataDir)
  } finally {
    await connection.close()
  }
  return { accounts, listings }
}

export async function crashBench(): Promise<boolean> {
  const kills = Number(process.env.BENCH_CRASH_KILLS ?? 20)
  const random = seeded(20261127)
  const dataDir = mkdtempSync(join(tmpdir(), 'keyway-crashbench-'))
  const started = performance.now()
  try {
    const { accounts, listings } = await prepareDataDir(dataDir)
    const [seller, ...buyers] = accounts
    const acked: Acknowledged[] = []
    const touched = buyers.map(() => new Set<string>())
    for (let round = 0; round < kills; round += 1) {
      const server = await startServerProcess(dataDir, { PUBLIC_URL })
      const base = `http://127.0.0.1:${server.port}`
      let stopped = false
      const isStopped = () => stopped
      const burst = Promise.all([
        sellerBurst(base, seller!, acked, listings, isStopped),
        ...buyers.map((buyer, i) => buyerBurst(base, buyer, acked, listings, touched[i]!, isStopped)),
      ])
      // Killed 0.2 to 1.2 s after the round's first acknowledged write, whatever it is doing then.
      const ackedBefore = acked.length
      const waitStarted = performance.now()
      while (acked.length === ackedBefore && performance.now() - waitStarted < 60_000) {
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      await new Promise((resolve) => setTimeout(resolve, 200 + random() * 1_000))
      server.child.kill('SIGKILL')
      stopped = true
      await burst
      await server.exited
    }

    const client = await createPglite({ dataDir: pgliteFolderOf(dataDir), extensions: { amcheck } })
    const db = fromPglite(client).db
    const found = await markersIn(db)
    const problems = await integrityProblems(db)
    await client.close()

    const present = acked.filter((write) => found.has(`${write.kind} ${write.marker}`))
    const lost = acked.filter((write) => !found.has(`${write.kind} ${write.marker}`))
    const duplicates = [...found.values()].filter((copies) => copies > 1).length
    const seconds = (performance.now() - started) / 1000
    const byKind = (writes: Acknowledged[], kind: string) => writes.filter((write) => write.kind === kind).length
    console.log(`\nCrash safety: SIGKILL mid-burst and restart on an on-disk PGlite (the server as a child process)`)
    console.log('  kills  acknowledged  found  duplicates  lost  seconds')
    console.log(
      `  ${String(kills).padEnd(6)} ${String(acked.length).padEnd(13)} ${String(present.length).padEnd(6)} ` +
        `${String(duplicates).padEnd(11)} ${String(lost.length).padEnd(5)} ${seconds.toFixed(0)}`,
    )
    console.log(
      '  acknowledged by kind: ' +
        ['listing', 'interest', 'offer', 'message'].map((kind) => `${kind}s ${byKind(acked, kind)}`).join(', ') +
        `; written but never acknowledged (cut off by the kill): ${found.size - present.length}`,
    )
    for (const write of lost.slice(0, 10)) console.log(`  LOST ${write.kind} ${write.marker}`)
    for (const problem of problems) console.log(`  INTEGRITY ${problem}`)
    for (const refusal of refusals.slice(0, 5)) console.log(`  REFUSED ${refusal}`)
    if (!problems.length) console.log('  integrity: no orphan rows; every B-tree index of the app checks out (amcheck)')
    return acked.length > 0 && lost.length === 0 && duplicates === 0 && !problems.length && !refusals.length
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
