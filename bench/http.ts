import { fork, type ChildProcess } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import type { HttpBenchAnswer, HttpBenchRequest } from './http-server'

/** Seconds of load per request and connection count (BENCH_HTTP_SECONDS), after a 1 s warm-up. */
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10)
const CONNECTIONS = (process.env.BENCH_HTTP_CONNECTIONS ?? '10,50').split(',').map(Number)
const TOP_FRAMES = 15
/** Which requests to profile under load, by name (BENCH_HTTP_PROFILE, comma-separated; default the browse first page). */
const PROFILED = (process.env.BENCH_HTTP_PROFILE ?? 'browse first page, 20').split(/,(?! )/)
/** Which requests to measure, by name (BENCH_HTTP_ONLY, comma-separated; default all). */
const ONLY = process.env.BENCH_HTTP_ONLY?.split(/,(?! )/)

/** `vary` gives each request its own path (autocannon asks before every request); else `path` is sent. */
type Target = { name: string; path: string; auth: boolean; vary?: () => string }

/** A filter set nobody asked for before (a price floor of its own): browse's page and count are not remembered. */
const unseenFilterSet = () => `/api/deals?pageSize=20&minPrice=${Math.floor(Math.random() * 1_000_000)}`

function targets(dealId: string): Target[] {
  return [
    { name: 'health', path: '/api/health', auth: false },
    { name: 'me', path: '/api/auth/me', auth: true },
    { name: 'browse first page, 20', path: '/api/deals?pageSize=20', auth: true },
    { name: 'browse first page, 1', path: '/api/deals?pageSize=1', auth: true },
    { name: 'browse, unseen filters', path: unseenFilterSet(), auth: true, vary: unseenFilterSet },
    { name: 'deal detail', path: `/api/deals/${dealId}`, auth: true },
    { name: 'map, state AZ (zoom 7)', path: '/api/deals/map?bbox=-115,31,-109,37&zoom=7', auth: true },
  ]
}

function ipc(child: ChildProcess) {
  const waiting = new Map<HttpBenchAnswer['type'], [(answer: HttpBenchAnswer) => void, (error: Error) => void]>()
  child.on('message', (answer: HttpBenchAnswer) => {
    const pending = waiting.get(answer.type)
    waiting.delete(answer.type)
    pending?.[0](answer)
  })
  child.once('exit', (code) => {
    for (const [type, [, reject]] of waiting) reject(new Error(`HTTP bench server exited (${code}) before "${type}"`))
    waiting.clear()
  })
  const next = <T extends HttpBenchAnswer['type']>(type: T) =>
    new Promise<Extract<HttpBenchAnswer, { type: T }>>((resolve, reject) => {
      waiting.set(type, [resolve as (answer: HttpBenchAnswer) => void, reject])
    })
  const ask = <T extends HttpBenchAnswer['type']>(request: HttpBenchRequest, type: T) => {
    const answer = next(type)
    child.send(request)
    return answer
  }
  return { next, ask }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

function run(url: string, connections: number, seconds: number, headers: Record<string, string>, vary?: () => string) {
  return autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    ...(vary && { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: vary() }) }] }),
  })
}

const cell = (value: string, width: number) => value.padStart(width)

type ProfileNode = {
  id: number
  children?: number[]
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}

/** Where a frame's code lives: a package, a source folder, PGlite's WebAssembly, or V8's own buckets. */
function areaOf({ functionName, url }: ProfileNode['callFrame'], short: (url: string) => string) {
  if (!url) return functionName // (program), (garbage collector), (idle), native calls like writev
  if (url.startsWith('wasm://')) return 'WebAssembly (PGlite: PostgreSQL itself)'
  const path = short(url)
  if (path.startsWith('node:')) return 'node internals'
  return /node_modules\/((@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? path.split('/').slice(0, 3).join('/')
}

/**
 * A V8 .cpuprofile summarised: the top `count` frames by self time (line:column, since PGlite ships
 * minified), self time by area, and the share of samples with an area anywhere on the stack (inclusive,
 * so "zod" there means time spent in or under zod, e.g. a response parse).
 */
export function summariseProfile(file: string, count: number) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[] }
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const cwd = `${process.cwd()}/`
  const short = (url: string) => url.replace(/^file:\/\//, '').replace(cwd, '')
  const hits = new Map<number, number>()
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1)
  const total = profile.samples.length
  const frames = new Map<string, number>()
  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n)
  for (const [id, n] of hits) {
    const { callFrame } = byId.get(id)!
    const where = callFrame.url
      ? `${short(callFrame.url)}:${callFrame.lineNumber + 1}:${callFrame.columnNumber + 1}`
      : ''
    add(frames, `${callFrame.functionName || '(anonymous)'}  ${where}`.trim(), n)
    add(self, areaOf(callFrame, short), n)
    const onStack = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      onStack.add(areaOf(byId.get(at)!.callFrame, short))
    }
    for (const area of onStack) add(inclusive, area, n)
  }
  const pct = (n: number) => `${((100 * n) / total).toFixed(1)}%`.padStart(6)
  const top = (map: Map<string, number>, limit: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, limit)
  console.log(`  top ${count} frames by self time (${total.toLocaleString('en-US')} samples at 1 ms):`)
  for (const [key, n] of top(frames, count)) console.log(`  ${pct(n)}  ${key}`)
  console.log('  self time by area:')
  for (const [area, n] of top(self, 12)) console.log(`  ${pct(n)}  ${area}`)
  console.log('  on the stack (self + callees) by area:')
  const skip = new Set(['(root)', 'runMicrotasks', 'node internals', '(program)', '(garbage collector)', '(idle)', ''])
  for (const [area, n] of top(inclusive, 40)
    .filter(([area]) => !skip.has(area))
    .slice(0, 12)) {
    console.log(`  ${pct(n)}  ${area}`)
  }
}

/**
 * HTTP bench: the real server (100k listings on PGlite, see http-server.ts) in a child process on a real
 * port, driven over HTTP by autocannon in this process at each connection count; then a CPU profile of
 * the server under the browse load, summarised by self time.
 */
export async function httpBench() {
  const child = fork(fileURLToPath(new URL('./http-server.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] })
  const { next, ask } = ipc(child)
  try {
    const ready = await next('ready')
    const base = `http://127.0.0.1:${ready.port}`
    const bearer = { authorization: `Bearer ${ready.token}` }
    console.log(
      `\nHTTP: the real server over a real port, ${ready.listings.toLocaleString('en-US')} listings (generated in ${ready.seconds.toFixed(0)} s), server in a child process, autocannon in this one`,
    )
    console.log(
      `  ${cpus().length} cores; load average before: ${load()} (1/5/15 min: figures are only comparable on an otherwise idle machine)`,
    )
    console.log(
      `  browse first page SQL, each statement alone (p50): ${ready.sql.map((t) => `${t.name} ${t.p50.toFixed(2)} ms`).join(', ')}`,
    )
    console.log(
      `  ${SECONDS} s per row after a 1 s warm-up; srv CPU = the server process's CPU time / wall time (well under 100% on a busy machine: the server was starved, req/s is not its capacity); CPU/req = its CPU time per answered request, the figure least moved by other load`,
    )
    console.log(
      `  ${'request'.padEnd(24)} ${'conns'.padStart(5)} ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)} ${'errors'.padStart(6)} ${'non2xx'.padStart(6)} ${'srv CPU'.padStart(7)} ${'CPU/req'.padStart(8)}  load 1m`,
    )
    for (const target of targets(ready.dealId).filter((target) => !ONLY || ONLY.includes(target.name))) {
      const url = `${base}${target.path}`
      const headers = target.auth ? bearer : {}
      const check = await fetch(url, { headers })
      if (!check.ok) throw new Error(`${target.path}: ${check.status} ${await check.text()}`)
      await run(url, 10, 1, headers, target.vary)
      for (const connections of CONNECTIONS) {
        const before = await ask({ type: 'cpu' }, 'cpu')
        const result = await run(url, connections, SECONDS, headers, target.vary)
        const after = await ask({ type: 'cpu' }, 'cpu')
        const cpuSeconds = (after.user + after.system - before.user - before.system) / 1e6
        const cpu = cpuSeconds / result.duration
        const perRequest = (1000 * cpuSeconds) / Math.max(1, result.requests.total)
        console.log(
          `  ${target.name.padEnd(24)} ${cell(String(connections), 5)} ${cell(result.requests.average.toFixed(0), 7)} ${cell(`${result.latency.p50}ms`, 7)} ${cell(`${result.latency.p99}ms`, 7)} ${cell(`${result.latency.max}ms`, 7)} ${cell(String(result.errors), 6)} ${cell(String(result.non2xx), 6)} ${cell(`${(cpu * 100).toFixed(0)}%`, 7)} ${cell(`${perRequest.toFixed(2)}ms`, 8)}  ${loadavg()[0]!.toFixed(2)}`,
        )
      }
    }
    console.log(
      '  targets (issue 9): browse first page >= 1,000 req/s with p99 <= 100 ms at 50 connections; me >= 3,000 req/s',
    )

    for (const profiled of targets(ready.dealId).filter((target) => PROFILED.includes(target.name))) {
      const connections = Math.max(...CONNECTIONS)
      await ask({ type: 'profile-start' }, 'profile-started')
      const result = await run(
        `${base}${profiled.path}`,
        connections,
        SECONDS,
        profiled.auth ? bearer : {},
        profiled.vary,
      )
      const { file } = await ask({ type: 'profile-stop' }, 'profile')
      console.log(
        `\n  CPU profile of the server (inspector Profiler) under "${profiled.name}" at ${connections} connections for ${SECONDS} s: ${result.requests.average.toFixed(0)} req/s while profiled`,
      )
      try {
        summariseProfile(file, TOP_FRAMES)
      } finally {
        if (process.env.BENCH_HTTP_KEEP_PROFILE === '1') console.log(`  profile kept: ${file}`)
        else rmSync(file, { force: true })
      }
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    if (child.connected) child.send({ type: 'stop' } satisfies HttpBenchRequest)
    else child.kill()
    await exited
  }
}

// `node --import tsx bench/http.ts` runs this bench alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await httpBench()
