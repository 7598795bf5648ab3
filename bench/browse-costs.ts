// Where a new browse filter set's time goes (issue 28): the mixed load's "browse, new" requests, sent in
// process one at a time to the real app over 100,000 listings, grouped by sort, by filter and by page.
// `node --import tsx bench/browse-costs.ts` (BENCH_BROWSE_COST_REQUESTS, default 600).
import { rmSync } from 'node:fs'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/modules/seed/demo-accounts'
import { demoPlaces } from '../server/modules/seed/listings'
import { seedAccount } from '../server/modules/seed/service'
import { openBenchMarketplace } from './marketplace'
import { newFilterSet, newMapViewport } from './mixed-load-requests'
import { benchSignIn } from './sign-in'

const REQUESTS = Number(process.env.BENCH_BROWSE_COST_REQUESTS ?? 600)

export async function browseCostsBench() {
  const { app, connection, dataDir } = await openBenchMarketplace('keyway-browsecost-', 100_000)
  try {
    const template = DEMO_ACCOUNTS.find((account) => account.email === 'buyer@demo.test')!
    await seedAccount(app, { ...template, email: 'cost-buyer@demo.test', phone: '6235550299' })
    const headers = await benchSignIn((options) => app.inject(options), 'cost-buyer@demo.test', DEMO_PASSWORD)
    const cities = (await demoPlaces()).map(({ places: [place] }) => ({
      city: place!.city,
      state: place!.state,
      lat: place!.latitude,
      lng: place!.longitude,
    }))
    const groups = new Map<string, number[]>()
    const add = (group: string, ms: number) => groups.set(group, [...(groups.get(group) ?? []), ms])
    for (let i = 0; i < REQUESTS; i += 1) {
      const map = i % 7 === 0
      const url = map ? newMapViewport(cities) : newFilterSet(cities)
      const started = performance.now()
      const answer = await app.inject({ method: 'GET', url, headers })
      const ms = performance.now() - started
      if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body.slice(0, 200)}`)
      add('all', ms)
      if (map) {
        add('map viewport', ms)
        continue
      }
      const query = new URL(url, 'http://x').searchParams
      add(`sort ${query.get('sort')}`, ms)
      add(query.has('page') ? 'page 2-8' : 'page 1', ms)
      for (const key of new Set(query.keys())) if (!['sort', 'page', 'pageSize'].includes(key)) add(`with ${key}`, ms)
    }
    const total = groups.get('all')!.reduce((sum, ms) => sum + ms, 0)
    console.log(`\nBrowse, new filter sets: ${REQUESTS} requests in process, one at a time, 100,000 listings`)
    console.log('  group                    count    mean     p95  share of all time')
    for (const [group, times] of [...groups].sort(
      (a, b) => b[1].reduce((s, v) => s + v, 0) - a[1].reduce((s, v) => s + v, 0),
    )) {
      const sorted = [...times].sort((a, b) => a - b)
      const sum = times.reduce((s, v) => s + v, 0)
      console.log(
        `  ${group.padEnd(22)} ${String(times.length).padStart(6)} ${(sum / times.length).toFixed(1).padStart(6)}ms ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(1).padStart(6)}ms ${((100 * sum) / total).toFixed(0).padStart(5)}%`,
      )
    }
  } finally {
    await app.close()
    await connection.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

// `node --import tsx bench/browse-costs.ts` runs this bench alone.
if (process.argv[1]?.endsWith('browse-costs.ts')) await browseCostsBench()
