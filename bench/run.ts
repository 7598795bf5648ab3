import path from 'node:path'
import { apiBench } from './api'
import { badInputRun } from './bad-input'
import { lazyChunks, measureChunks, routeFiles, type ChunkSize } from './bundle-size'
import { httpBench } from './http'
import { lighthouseBench } from './lighthouse'
import { mixedLoadBench } from './mixed-load'
import { browseCostsBench } from './browse-costs'
import { mapDemoBench } from './map-demo'
import { matchingBench } from './matching'
import { dealAnalyticsBench } from './deal-analytics'
import { buyerMapsBench } from './buyer-maps'
import { crashBench } from './crash'
import { realtimeBench } from './realtime'

const distDir = path.resolve(process.env.DIST_DIR ?? 'dist')
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

function bundle() {
  const chunks = measureChunks(distDir)
  console.log('\nBundle: every built chunk (gzip level 9)')
  console.log('  gzip       raw        file')
  for (const chunk of chunks) {
    console.log(`  ${kb(chunk.gzipBytes).padEnd(10)} ${kb(chunk.bytes).padEnd(10)} ${chunk.file}`)
  }
  const sizeOf = new Map(chunks.map((chunk) => [chunk.file, chunk]))
  const sum = (files: string[], ext: string) =>
    files
      .filter((file) => file.endsWith(ext))
      .map((file) => sizeOf.get(file))
      .filter((chunk): chunk is ChunkSize => chunk !== undefined)
      .reduce((acc, chunk) => ({ gzip: acc.gzip + chunk.gzipBytes, count: acc.count + 1 }), { gzip: 0, count: 0 })
  const route = (label: string, lazyModules: string[]) => {
    const files = routeFiles(distDir, lazyModules)
    const js = sum(files, '.js')
    const css = sum(files, '.css')
    console.log(`  ${label.padEnd(26)} ${kb(js.gzip).padEnd(9)} JS in ${js.count} files, + ${kb(css.gzip)} CSS`)
  }
  console.log("\n  Initial JS, gzip (index.html's files + the route's lazy chunks and their static imports):")
  route('/', ['features/home/home-page.tsx'])
  route('/auth', ['features/auth/sign-in-page.tsx'])
  route('/deals with its map', ['features/deals-browse/deals-browse-page.tsx', 'features/maps/deal-map.tsx'])
  route('/deals/:id/analytics + chart', ['features/deal-analytics/deal-analytics-page.tsx', 'uplot/dist/uPlot.esm.js'])
  const all = chunks.reduce((total, chunk) => total + chunk.gzipBytes, 0)
  console.log(`  whole app:                 ${kb(all)} gzip in ${chunks.length} files`)
  const large = lazyChunks(distDir)
    .map((lazy) => ({ ...lazy, js: sum(lazy.files, '.js') }))
    .filter((lazy) => lazy.js.gzip > 30 * 1024)
    .sort((a, b) => b.js.gzip - a.js.gzip)
  console.log("\n  Lazy modules whose chunk and static imports add over 30 KB gzip of JS to index.html's:")
  for (const lazy of large) console.log(`  ${kb(lazy.js.gzip).padEnd(10)} ${lazy.src} (${lazy.js.count} files)`)
  if (!large.length) console.log('  (none)')
}

bundle()
// BENCH_API=0 skips the API figures (generating 100k listings takes about two minutes).
if (process.env.BENCH_API !== '0') await apiBench()
// BENCH_HTTP=0 skips the real-HTTP figures (the server in a child process with its own 100k listings,
// driven by autocannon; about two minutes of data, then 12 x BENCH_HTTP_SECONDS of load and a profile).
if (process.env.BENCH_HTTP !== '0') await httpBench()
// BENCH_MIXED=0 skips the mixed load (issue 28): its own 100,000 listings (BENCH_MIXED_LISTINGS), 60 s of the
// realistic mix (BENCH_MIXED_SECONDS), each kind alone for its CPU, a profile; then the same on PostgreSQL
// with two instances behind nginx when BENCH_DATABASE_URL or TEST_DATABASE_URL and nginx are there.
if (process.env.BENCH_MIXED !== '0') await mixedLoadBench()
// BENCH_BROWSE_COSTS=0 skips where a new browse filter set's time goes (600 requests in process, by sort, filter
// and page, over its own 100,000 listings; about two minutes).
if (process.env.BENCH_BROWSE_COSTS !== '0') await browseCostsBench()
// BENCH_REALTIME=0 skips the realtime figures (4,000 sockets, BENCH_SOCKETS; under a minute on a quiet machine).
if (process.env.BENCH_REALTIME !== '0') await realtimeBench()
// BENCH_MATCHING=0 skips the matching figures (100,000 buyers seeded, about two minutes; BENCH_MATCH_BUYERS).
if (process.env.BENCH_MATCHING !== '0') await matchingBench()
// BENCH_MAP_DEMO=0 skips the map demo's 1,000,000-point index (its build, memory and clustering p95; under a minute).
if (process.env.BENCH_MAP_DEMO !== '0') await mapDemoBench()
// BENCH_DEAL_ANALYTICS=0 skips deal analytics (100,000 view rows on one listing and 6,000 listings, about a minute).
if (process.env.BENCH_DEAL_ANALYTICS !== '0') await dealAnalyticsBench()
// BENCH_BUYER_MAPS=0 skips the buyer maps and ZIP analytics figures (100,000 buyers seeded, a few minutes).
if (process.env.BENCH_BUYER_MAPS !== '0') await buyerMapsBench()
// BENCH_LIGHTHOUSE=0 skips the Lighthouse audits of /, /auth, /deals, a deal, /dashboard and /chat (mobile preset, a few minutes).
if (process.env.BENCH_LIGHTHOUSE !== '0') await lighthouseBench(distDir)
// BENCH_BAD_INPUT=0 skips the 10,000 hostile requests (BAD_INPUT_REQUESTS, BAD_INPUT_SEED); any 5xx fails the run.
if (process.env.BENCH_BAD_INPUT !== '0' && !(await badInputRun())) process.exitCode = 1
// BENCH_CRASH=0 skips crash safety (BENCH_CRASH_KILLS, 20, SIGKILLs of a server mid-burst; about three minutes);
// a lost or doubled acknowledged write, or a broken row or index, fails the run.
if (process.env.BENCH_CRASH !== '0' && !(await crashBench())) process.exitCode = 1
