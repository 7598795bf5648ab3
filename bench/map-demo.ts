import { loadavg } from 'node:os'
import { buildIndex, clustersIn } from '../server/modules/map-demo/clustering'
import { generatePoints, seededRandom } from '../server/modules/map-demo/points'

/*
 * The map optimisation demo's 1,000,000 points: the index's build time and memory, then the clustering
 * answer (what GET /api/map-demo/clusters times as answerMs) for BENCH_MAP_DEMO_QUERIES viewports of a
 * 1280 × 800 screen, at zooms 3 to 17, centred on points of the data set (so most look at dense metros).
 * Target: p95 <= 100 ms.
 */

const SCREEN = { width: 1280, height: 800 }
const QUERIES = Number(process.env.BENCH_MAP_DEMO_QUERIES ?? 2000)
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

/** Web Mercator world pixels at a zoom, and back. */
const toY = (lat: number, zoom: number) => {
  const sin = Math.sin((lat * Math.PI) / 180)
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * 256 * 2 ** zoom
}
const toLat = (y: number, zoom: number) =>
  (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / (256 * 2 ** zoom)))) * 180) / Math.PI

/** The box a screen shows around a spot at a zoom. */
function viewport(lat: number, lng: number, zoom: number) {
  const degreesPerPixel = 360 / (256 * 2 ** zoom)
  const y = toY(lat, zoom)
  return {
    west: lng - (SCREEN.width / 2) * degreesPerPixel,
    east: lng + (SCREEN.width / 2) * degreesPerPixel,
    north: toLat(y - SCREEN.height / 2, zoom),
    south: toLat(y + SCREEN.height / 2, zoom),
  }
}

export async function mapDemoBench() {
  console.log('\nMap optimisation demo: 1,000,000 generated points, clustered by supercluster')
  globalThis.gc?.()
  const before = process.memoryUsage()
  const { index, buildMs } = buildIndex('1000000')
  globalThis.gc?.()
  const after = process.memoryUsage()
  const kept = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers)
  console.log(
    `  index build: ${(buildMs / 1000).toFixed(1)} s (points generated and indexed); memory kept: ${mb(kept)}` +
      `${globalThis.gc ? '' : ' (approximate: run node with --expose-gc for an exact figure)'}; process RSS ${mb(after.rss)}`,
  )

  const next = seededRandom(2026)
  const spots = generatePoints(1_000_000)
  const samples: number[] = []
  let items = 0
  let most = 0
  for (let i = 0; i < QUERIES; i++) {
    // Centred on one of the data set's points, at zooms 3 to 17.
    const pick = Math.floor(next() * spots.count)
    const zoom = 3 + (i % 15)
    const bbox = viewport(spots.lat[pick]!, spots.lng[pick]!, zoom)
    const started = performance.now()
    const answer = clustersIn(index, { bbox, zoom })
    samples.push(performance.now() - started)
    const count = answer.clusters.length + answer.points.length
    items += count
    most = Math.max(most, count)
  }
  samples.sort((a, b) => a - b)
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!
  const p95 = at(0.95)
  console.log(
    `  clustering answer over ${QUERIES} viewports (1280 x 800, zoom 3-17): p50 ${at(0.5).toFixed(2)} ms, ` +
      `p95 ${p95.toFixed(2)} ms, max ${samples.at(-1)!.toFixed(2)} ms; markers per answer: ` +
      `${(items / QUERIES).toFixed(0)} on average, ${most} at most${p95 <= 100 ? '' : '  (over target)'}`,
  )
  console.log(`  target: p95 <= 100 ms (load average ${loadavg()[0]!.toFixed(1)})`)
}

if (import.meta.url === `file://${process.argv[1]}`) await mapDemoBench()
