import { benchSignIn } from './sign-in'
import { openBenchMarketplace } from './marketplace'
// The server side of the HTTP bench: the real app on a temporary PGlite with generated listings,
// listening on a real port, in its own process so the load generator (autocannon, in the parent) does
// not share its event loop or its core. Driven by the parent over IPC (see http.ts).
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Session } from 'node:inspector/promises'
import { performance } from 'node:perf_hooks'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { DealsQuerySchema } from '../src/contract'
import { browsePageSql, EXACT_WINDOW } from '../server/modules/deals/browse'
import { filterConditions } from '../server/modules/deals/browse-filters'
import { DEMO_PASSWORD } from '../server/modules/seed/demo-accounts'

export type HttpBenchRequest = { type: 'profile-start' } | { type: 'profile-stop' } | { type: 'cpu' } | { type: 'stop' }

export type HttpBenchAnswer =
  | {
      type: 'ready'
      port: number
      token: string
      dealId: string
      listings: number
      seconds: number
      /** p50 in ms of each statement the browse first page runs, timed alone on the database. */
      sql: { name: string; p50: number }[]
    }
  | { type: 'profile-started' }
  | { type: 'profile'; file: string }
  | { type: 'cpu'; user: number; system: number }

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000)
const reply = (message: HttpBenchAnswer) => process.send?.(message)

const { app, connection, dataDir, seconds } = await openBenchMarketplace('keyway-httpbench-', LISTINGS)

const authHeader = await benchSignIn((options) => app.inject(options), 'buyer@demo.test', DEMO_PASSWORD)
// The parent process's load generator sends the same token.
const token = authHeader.authorization.slice('Bearer '.length)
const page = await app.inject({
  method: 'GET',
  url: '/api/deals?pageSize=1',
  headers: authHeader,
})
const dealId = (page.json() as { items: { id: string }[] }).items[0]?.id
if (!dealId) throw new Error(`Bench browse failed: ${page.statusCode} ${page.body}`)

// The statements browse runs for its first page (pageSize 20), each timed alone on the database: the page,
// the capped count (which reaches its cap on a full marketplace) and the planner estimate that then follows
// (each only when the page is not remembered: see browseDeals).
const me = (await app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeader })).json() as {
  id: string
}
const viewer = { id: me.id, hasAllAccess: false }
const query = DealsQuerySchema.parse({ pageSize: '20' })
const where = filterConditions(query, viewer)
const statements = [
  { name: 'page (20 rows)', sql: browsePageSql(query, viewer) },
  {
    name: `count capped at ${query.pageSize + EXACT_WINDOW}`,
    sql: sql`select count(*)::int as total from (select 1 from deals d where ${where} limit ${query.pageSize + EXACT_WINDOW}) matches`,
  },
  { name: 'explain (estimate)', sql: sql`explain (format json) select 1 from deals d where ${where}` },
]
const timings: { name: string; p50: number }[] = []
for (const statement of statements) {
  const samples: number[] = []
  for (let i = 0; i < 60; i += 1) {
    const at = performance.now()
    await connection.db.execute(statement.sql)
    if (i >= 10) samples.push(performance.now() - at)
  }
  samples.sort((a, b) => a - b)
  timings.push({ name: statement.name, p50: samples[Math.floor(samples.length / 2)]! })
}

await app.listen({ port: 0, host: '127.0.0.1' })
const port = (app.server.address() as AddressInfo).port

// The inspector's Profiler in this process, started and stopped around one load run, so the profile
// holds only that load (not the two minutes of data generation).
const session = new Session()
session.connect()

process.on('message', (request: HttpBenchRequest) => {
  void (async () => {
    switch (request.type) {
      case 'profile-start':
        await session.post('Profiler.enable')
        // 1 ms sampling (the default is 1 ms too; explicit so the figures are comparable across runs).
        await session.post('Profiler.setSamplingInterval', { interval: 1000 })
        await session.post('Profiler.start')
        return reply({ type: 'profile-started' })
      case 'profile-stop': {
        const { profile } = await session.post('Profiler.stop')
        const file = join(dataDir, '..', `keyway-httpbench-${process.pid}.cpuprofile`)
        writeFileSync(file, JSON.stringify(profile))
        return reply({ type: 'profile', file })
      }
      case 'cpu':
        return reply({ type: 'cpu', ...process.cpuUsage() })
      case 'stop':
        session.disconnect()
        await app.close()
        await connection.close()
        rmSync(dataDir, { recursive: true, force: true })
        process.exit(0)
    }
  })()
})

reply({ type: 'ready', port, token, dealId, listings: LISTINGS, seconds, sql: timings })
