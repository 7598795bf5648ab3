import { benchSignIn } from './sign-in'
import { openBenchMarketplace } from './marketplace'
import { performance } from 'node:perf_hooks'
import { DealsMapQuerySchema, DealsQuerySchema } from '../src/contract'
import { rmSync } from 'node:fs'
import type { buildApp } from '../server/app'
import { browsePageSql, countOrEstimate, EXACT_WINDOW } from '../server/modules/deals/browse'
import type { Viewer } from '../server/modules/deals/browse-filters'
import { mapSql } from '../server/modules/deals/map'
import { DEMO_PASSWORD } from '../server/modules/seed/demo-accounts'

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 200)
const WARMUP = 20

type Params = Record<string, string | string[]>
type Case = { name: string; params: Params }

const BROWSE: Case[] = [
  { name: 'newest, first page', params: {} },
  { name: 'TX creative by price', params: { state: 'TX', dealCategory: 'creative', sort: 'price-asc' } },
  { name: 'search "garage", page 2', params: { q: 'garage', page: '2' } },
  {
    name: 'price+beds+type by rate',
    params: {
      minPrice: '200000',
      maxPrice: '400000',
      minBeds: '3',
      propertyType: ['single-family', 'condo'],
      sort: 'interest-asc',
    },
  },
  {
    name: '25 mi of Phoenix + tag',
    params: { radiusMiles: '25', lat: '33.45', lng: '-112.07', tags: 'motivated-seller' },
  },
]

const MAP: Case[] = [
  { name: 'country (zoom 4)', params: { bbox: '-125,24,-66,50', zoom: '4' } },
  { name: 'state AZ (zoom 7)', params: { bbox: '-115,31,-109,37', zoom: '7' } },
  { name: 'Phoenix (zoom 11)', params: { bbox: '-112.3,33.3,-111.8,33.7', zoom: '11' } },
]

function queryString(params: Params) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, item)
  }
  return search.toString()
}

type Timing = { p50: number; p95: number }

/**
 * Times two tasks over the same `runs`, alternating them so both meet the same machine state (JIT, GC,
 * caches, other load): their ratio then compares like with like.
 */
async function timePair(runs: number, first: () => Promise<unknown>, second: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i += 1) {
    await first()
    await second()
  }
  const samples: [number[], number[]] = [[], []]
  for (let i = 0; i < runs; i += 1) {
    for (const [index, task] of [first, second].entries()) {
      const start = performance.now()
      await task()
      samples[index]!.push(performance.now() - start)
    }
  }
  return samples.map(percentiles) as [Timing, Timing]
}

function percentiles(samples: number[]): Timing {
  samples.sort((a, b) => a - b)
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!
  return { p50: at(0.5), p95: at(0.95) }
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9)

/**
 * API benchmark: a temporary PGlite with `LISTINGS` generated listings, the real app in process, and
 * each typical browse and map request timed through app.inject (auth, validation, SQL, JSON) and as the
 * bare SQL it runs, to show what the HTTP layer adds.
 */
export async function apiBench() {
  const { app, connection, dataDir, seconds } = await openBenchMarketplace('keyway-bench-', LISTINGS)
  try {
    console.log(`\nAPI: ${LISTINGS.toLocaleString('en-US')} generated listings in ${seconds.toFixed(0)} s`)
    const started = performance.now()
    const headers = await signIn(app)
    const me = (await app.inject({ method: 'GET', url: '/api/auth/me', headers })).json() as { id: string }
    const viewer: Viewer = { id: me.id, hasAllAccess: false }

    console.log(
      `  ${RUNS} requests each after ${WARMUP} warm-up; API = app.inject with auth, SQL = the same queries on the database`,
    )
    console.log(
      `  ${'request'.padEnd(34)} ${'API p50'.padStart(9)} ${'API p95'.padStart(9)} ${'SQL p50'.padStart(9)}  ratio  items`,
    )
    const rows = [
      ...BROWSE.map((c) => ({ ...c, kind: 'browse' as const, url: `/api/deals?${queryString(c.params)}` })),
      ...MAP.map((c) => ({ ...c, kind: 'map' as const, url: `/api/deals/map?${queryString(c.params)}` })),
    ]
    for (const row of rows) {
      const first = await app.inject({ method: 'GET', url: row.url, headers })
      if (first.statusCode !== 200) throw new Error(`${row.url}: ${first.statusCode} ${first.body}`)
      const body = first.json() as { total: number; items?: unknown[]; clusters?: unknown[]; points?: unknown[] }
      const items = body.items?.length ?? (body.clusters?.length ?? 0) + (body.points?.length ?? 0)
      const sqlTask =
        row.kind === 'browse'
          ? (() => {
              const query = DealsQuerySchema.parse(row.params)
              return () =>
                Promise.all([
                  connection.db.execute(browsePageSql(query, viewer)),
                  // The count as the database runs it, not browse's remembered estimate.
                  countOrEstimate(connection.db, query, viewer, query.page * query.pageSize + EXACT_WINDOW),
                ])
            })()
          : (() => {
              const query = DealsMapQuerySchema.parse(row.params)
              return () => connection.db.execute(mapSql(query, viewer))
            })()
      const [api, sql] = await timePair(RUNS, () => app.inject({ method: 'GET', url: row.url, headers }), sqlTask)
      const target = row.kind === 'browse' ? 50 : 100
      const flag = api.p95 <= target && api.p50 / sql.p50 <= 1.3 ? '' : '  (over target)'
      console.log(
        `  ${`${row.kind}: ${row.name}`.padEnd(34)} ${ms(api.p50)} ${ms(api.p95)} ${ms(sql.p50)}  ${(api.p50 / sql.p50).toFixed(2).padStart(5)}  ${String(items).padStart(5)} of ${body.total}${flag}`,
      )
    }
    console.log(
      `  targets: browse p95 <= 50 ms, map p95 <= 100 ms, API p50 / SQL p50 <= 1.3 (measured in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    )
  } finally {
    await app.close()
    await connection.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

function signIn(app: Awaited<ReturnType<typeof buildApp>>) {
  return benchSignIn((options) => app.inject(options), 'buyer@demo.test', DEMO_PASSWORD)
}
