// The mixed-load bench's parts shared by its embedded and PostgreSQL runs: the load, the table, the CPU.
import { fork, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { drawerFor, drawKind, KINDS, type Drawn, type Kind, type MixedData } from './mixed-load-requests'
import type { MixedBenchAnswer, MixedBenchRequest } from './mixed-load-server'

/** Seconds of the mixed load (BENCH_MIXED_SECONDS), its connections, and seconds of each kind alone for its CPU. */
export const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60)
export const CONNECTIONS = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 50)
export const KIND_SECONDS = Number(process.env.BENCH_MIXED_KIND_SECONDS ?? 8)
export const PROFILE_SECONDS = Number(process.env.BENCH_MIXED_PROFILE_SECONDS ?? 20)

export const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

/** User + system CPU seconds a process has used so far (Linux's /proc, so any child process or instance). */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // Fields 14 and 15 of stat (utime, stime), counted from after the command's closing parenthesis.
  return (Number(fields[11]) + Number(fields[12])) / 100
}

export type KindFigures = { requests: number; non2xx: number; latencies: number[] }
export type MixedRun = {
  seconds: number
  byKind: Map<Kind, KindFigures>
  errors: number
  timeouts: number
  requests: number
}

/** `connections` autocannon connections for `seconds`, each request drawn by weight (or only `only`). */
export async function runMixed(base: string, data: MixedData, seconds: number, connections: number, only?: Kind) {
  const draw = drawerFor(data)
  const byKind = new Map<Kind, KindFigures>(KINDS.map((kind) => [kind, { requests: 0, non2xx: 0, latencies: [] }]))
  let finish: (result: autocannon.Result) => void = () => undefined
  let fail: (error: Error) => void = () => undefined
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve
    fail = reject
  })
  // With a callback autocannon answers its instance (an event emitter), whose per-response events say the kind.
  const options = {
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request: autocannon.Request, context: { drawn?: Drawn }) => {
          const drawn = draw(drawKind(only))
          context.drawn = drawn
          return {
            ...request,
            method: drawn.method,
            path: drawn.path,
            headers: {
              authorization: `Bearer ${drawn.token}`,
              ...(drawn.body !== undefined && { 'content-type': 'application/json' }),
            },
            ...(drawn.body !== undefined ? { body: drawn.body } : { body: undefined }),
          }
        },
      },
    ],
  }
  const instance = autocannon(options as autocannon.Options, (error, result) =>
    error ? fail(error instanceof Error ? error : new Error(String(error))) : finish(result),
  )
  // One request in flight per connection: the connection's context holds the request just answered.
  instance.on('response', (client: unknown, status: number, _bytes: number, ms: number) => {
    const drawn = (client as { requestIterator: { context: { drawn?: Drawn } } }).requestIterator.context.drawn
    const figures = drawn && byKind.get(drawn.kind)
    if (!figures) return
    figures.requests += 1
    figures.latencies.push(ms)
    if (status < 200 || status > 299) figures.non2xx += 1
  })
  const result = await done
  return {
    seconds: result.duration,
    byKind,
    errors: result.errors,
    timeouts: result.timeouts,
    requests: result.requests.total,
  } satisfies MixedRun
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)}ms`.padStart(7)

/** The table: per kind and in all, req/s, p50/p95/p99/max, non-2xx, and the CPU per request of each kind alone. */
export function printMixed(run: MixedRun, cpuPerRequest: Map<Kind, number>, cpuLabel: string) {
  console.log(
    `  ${'kind'.padEnd(24)} ${'share'.padStart(6)} ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)} ${'non2xx'.padStart(6)} ${'CPU/req'.padStart(8)}`,
  )
  const all: number[] = []
  let non2xx = 0
  for (const kind of KINDS) {
    const figures = run.byKind.get(kind)!
    const sorted = figures.latencies.sort((a, b) => a - b)
    all.push(...sorted)
    non2xx += figures.non2xx
    const cpu = cpuPerRequest.get(kind)
    console.log(
      `  ${kind.padEnd(24)} ${`${((100 * figures.requests) / Math.max(1, run.requests)).toFixed(0)}%`.padStart(6)} ${(figures.requests / run.seconds).toFixed(0).padStart(7)} ${ms(percentile(sorted, 50))} ${ms(percentile(sorted, 95))} ${ms(percentile(sorted, 99))} ${ms(sorted.at(-1) ?? 0)} ${String(figures.non2xx).padStart(6)} ${cpu === undefined ? '       -' : `${cpu.toFixed(2)}ms`.padStart(8)}`,
    )
  }
  all.sort((a, b) => a - b)
  console.log(
    `  ${'all'.padEnd(24)} ${'100%'.padStart(6)} ${(run.requests / run.seconds).toFixed(0).padStart(7)} ${ms(percentile(all, 50))} ${ms(percentile(all, 95))} ${ms(percentile(all, 99))} ${ms(all.at(-1) ?? 0)} ${String(non2xx).padStart(6)}  errors ${run.errors} (timeouts ${run.timeouts})`,
  )
  console.log(`  CPU/req: ${cpuLabel}`)
}

/** Each kind alone for KIND_SECONDS at the same connections: the server CPU it used per answered request. */
export async function cpuPerKind(base: string, data: MixedData, pids: () => number[]) {
  const perRequest = new Map<Kind, number>()
  for (const kind of KINDS) {
    const before = pids().reduce((sum, pid) => sum + cpuSecondsOf(pid), 0)
    const run = await runMixed(base, data, KIND_SECONDS, CONNECTIONS, kind)
    const after = pids().reduce((sum, pid) => sum + cpuSecondsOf(pid), 0)
    perRequest.set(kind, (1000 * (after - before)) / Math.max(1, run.requests))
  }
  return perRequest
}

export const goalLine = (label: string, run: MixedRun, reqs: number) => {
  const all = [...run.byKind.values()].flatMap((figures) => figures.latencies).sort((a, b) => a - b)
  const failed = run.errors + [...run.byKind.values()].reduce((sum, figures) => sum + figures.non2xx, 0)
  const rate = run.requests / run.seconds
  const p99 = percentile(all, 99)
  const met = rate >= reqs && p99 <= 100 && failed === 0
  console.log(
    `  goal (${label}): >= ${reqs.toLocaleString('en-US')} req/s, p99 <= 100 ms, no error: ${met ? 'met' : `NOT met (${rate.toFixed(0)} req/s, p99 ${p99.toFixed(0)} ms, ${failed} failed)`}`,
  )
}

function ipc(child: ChildProcess) {
  const waiting = new Map<string, (answer: MixedBenchAnswer) => void>()
  child.on('message', (answer: MixedBenchAnswer) => {
    waiting.get(answer.type)?.(answer)
    waiting.delete(answer.type)
  })
  return <T extends MixedBenchAnswer['type']>(type: T, request?: MixedBenchRequest) =>
    new Promise<Extract<MixedBenchAnswer, { type: T }>>((resolve, reject) => {
      waiting.set(type, resolve as (answer: MixedBenchAnswer) => void)
      child.once('exit', (code) => reject(new Error(`mixed-load server exited (${code}) before "${type}"`)))
      if (request) child.send(request)
    })
}

/** The mixed-load server (mixed-load-server.ts) in a child process; `env` picks its database. */
export function startMixedServer(env: Record<string, string> = {}) {
  const child = fork(fileURLToPath(new URL('./mixed-load-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
  })
  const ask = ipc(child)
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    if (child.connected) child.send({ type: 'stop' } satisfies MixedBenchRequest)
    else child.kill()
    await exited
  }
  return { child, ask, stop }
}

