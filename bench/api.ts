import { benchSignIn } from './sign-in'
import { openBenchMarketplace } from './marketplace'
import { performance } from 'node:perf_hooks'
import { DealsMapQuerySchema, DealsQuerySchema } from '../src/contract'
import { rmSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
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

/** Each cold request's own number: no two cold requests of a run ask the same thing. */
let unseen = 0

/**
 * The row's request made new (cold): the same answer, asked in a way nobody asked before, so neither the 5 s
 * read cache nor browse's remembered count can answer it. Browse gets a price ceiling above every listing
 * (its own cent: listings are priced in whole dollars), the map its viewport moved east by a millimetre.
 */
function coldParams(kind: 'browse' | 'map', params: Params): Params {
  unseen += 1
  if (kind === 'browse') {
    const ceiling = Number(params.maxPrice ?? 1_000_000_000)
    return { ...params, maxPrice: (ceiling + unseen / 100).toFixed(2) }
  }
  const [west, south, east, north] = String(params.bbox).split(',').map(Number) as [number, number, number, number]
  const shift = unseen / 1e8
  return { ...params, bbox: [west + shift, south, east + shift, north].map((value) => value.toFixed(8)).join(',') }
}

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
 * each typical browse and map request timed through app.inject (auth, validation, SQL, JSON) twice: warm
 * (the same request repeated, so mostly answered by the 5 s read cache, as a busy page is) and cold (each
 * request new, see coldParams); and the bare SQL a cold request runs, to show what the HTTP layer adds.
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
      `  ${RUNS} requests each after ${WARMUP} warm-up; warm = the same request repeated (the read cache answers),` +
        `\n  cold = each request new (no cache answers), SQL = the cold requests' queries on the database`,
    )
    console.log(
      `  ${'request'.padEnd(34)} ${'warm p50'.padStart(9)} ${'warm p95'.padStart(9)} ${'cold p50'.padStart(9)} ${'cold p95'.padStart(9)} ${'SQL p50'.padStart(9)}  ratio  items`,
    )
    const rows = [
      ...BROWSE.map((c) => ({ ...c, kind: 'browse' as const, path: '/api/deals' })),
      ...MAP.map((c) => ({ ...c, kind: 'map' as const, path: '/api/deals/map' })),
    ]
    for (const row of rows) {
      const url = (params: Params) => `${row.path}?${queryString(params)}`
      const get = (params: Params) => app.inject({ method: 'GET', url: url(params), headers })
      const first = await get(row.params)
      if (first.statusCode !== 200) throw new Error(`${url(row.params)}: ${first.statusCode} ${first.body}`)
      const body = first.json() as { total: number; items?: unknown[]; clusters?: unknown[]; points?: unknown[] }
      const items = body.items?.length ?? (body.clusters?.length ?? 0) + (body.points?.length ?? 0)
      const coldCheck = await get(coldParams(row.kind, row.params))
      if (coldCheck.statusCode !== 200) throw new Error(`${row.name} (cold): ${coldCheck.statusCode} ${coldCheck.body}`)
      const sqlTask = (params: Params) => {
        if (row.kind === 'map') return connection.db.execute(mapSql(DealsMapQuerySchema.parse(params), viewer))
        const query = DealsQuerySchema.parse(params)
        return Promise.all([
          connection.db.execute(browsePageSql(query, viewer)),
          // The count as the database runs it, not browse's remembered estimate.
          countOrEstimate(connection.db, query, viewer, query.page * query.pageSize + EXACT_WINDOW),
        ])
      }
      const [warm] = await timePair(
        RUNS,
        () => get(row.params),
        async () => undefined,
      )
      const [cold, sql] = await timePair(
        RUNS,
        () => get(coldParams(row.kind, row.params)),
        () => sqlTask(coldParams(row.kind, row.params)),
      )
      const target = row.kind === 'browse' ? 50 : 100
      const flag = cold.p95 <= target && cold.p50 / sql.p50 <= 1.3 ? '' : '  (over target)'
      console.log(
        `  ${`${row.kind}: ${row.name}`.padEnd(34)} ${ms(warm.p50)} ${ms(warm.p95)} ${ms(cold.p50)} ${ms(cold.p95)} ${ms(sql.p50)}  ${(cold.p50 / sql.p50).toFixed(2).padStart(5)}  ${String(items).padStart(5)} of ${body.total}${flag}`,
      )
    }
    console.log(
      `  ratio = cold p50 / SQL p50; targets (cold): browse p95 <= 50 ms, map p95 <= 100 ms, ratio <= 1.3 (measured in ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')} on ${cpus().length} cores)`,
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
