import { fork, type ChildProcess } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import type { BenchRequest } from './realtime-server'

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 4000)
/** Sockets opened before the first memory reading, so what the first ones allocate once (JIT, pools) is not counted. */
const WARM_SOCKETS = Math.min(200, Math.floor(SOCKETS / 10))
/** Memory readings between WARM_SOCKETS and SOCKETS, each after a forced full GC in the server process. */
const READINGS = 5
const EVENTS = Number(process.env.BENCH_EVENTS ?? 500)
const BATCH = 50

type Frame = { event: string; channel?: string; data: string }
type Answer = Record<string, unknown> & { id: number }
/** A request without its id (Omit over each member of the union, not over the union as a whole). */
type Request = BenchRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never

/** One client socket subscribed to its own `private-user-<n>`, like a signed-in tab left open. */
type Client = { ws: WebSocket; channel: string; next: () => Promise<Frame> }

function frames(ws: WebSocket): () => Promise<Frame> {
  const queue: Frame[] = []
  const waiting: ((frame: Frame) => void)[] = []
  ws.on('message', (raw: Buffer) => {
    const frame = JSON.parse(raw.toString()) as Frame
    const resolve = waiting.shift()
    if (resolve) resolve(frame)
    else queue.push(frame)
  })
  return () => new Promise((resolve) => (queue.length > 0 ? resolve(queue.shift()!) : waiting.push(resolve)))
}

function ipc(child: ChildProcess) {
  let nextId = 1
  const pending = new Map<number, (answer: Answer) => void>()
  child.on('message', (answer: Answer) => pending.get(answer.id)?.(answer))
  const ask = (request: Request) =>
    new Promise<Answer>((resolve) => {
      const id = nextId++
      pending.set(id, resolve)
      child.send({ ...request, id })
    })
  const ready = new Promise<Answer>((resolve) => pending.set(0, resolve))
  return { ask, ready, send: (request: BenchRequest) => child.send(request) }
}

async function openClient(port: number, channel: string, ask: ReturnType<typeof ipc>['ask']): Promise<Client> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/keyway-local?protocol=7&client=js&version=8.6.0`, {
    perMessageDeflate: false,
  })
  const next = frames(ws)
  const established = await next()
  const socketId = (JSON.parse(established.data) as { socket_id: string }).socket_id
  const { auth } = (await ask({ type: 'authorize', socketId, channel })) as Answer & { auth: string }
  ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }))
  const answer = await next()
  if (answer.event !== 'pusher_internal:subscription_succeeded') throw new Error(`subscribe: ${answer.event}`)
  return { ws, channel, next }
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!

const heapOf = (m: Answer) => (m.heapUsed as number) + (m.external as number)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** Least-squares slope of y over x: the memory one more socket costs, read over every reading at once. */
function slope(points: [number, number][]) {
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0)
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0)
  return covariance / variance
}

/**
 * Realtime bench: the app's embedded socket in a child process holding SOCKETS idle subscribed sockets;
 * memory per idle socket (server process: the slope of its memory, read after a forced full GC at READINGS
 * socket counts past the first WARM_SOCKETS), trigger → delivery latency over EVENTS events, and a chat
 * message's round trip (POST → the other participant's socket) over EVENTS messages.
 */
export async function realtimeBench() {
  const child = fork(fileURLToPath(new URL('./realtime-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
  })
  const { ask, ready, send } = ipc(child)
  const clients: Client[] = []
  try {
    const { port } = (await ready) as Answer & { port: number }
    const openUpTo = async (count: number) => {
      for (let start = clients.length; start < count; start += BATCH) {
        const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) =>
          openClient(port, `private-user-bench-${start + i}`, ask),
        )
        clients.push(...(await Promise.all(batch)))
      }
    }
    const readings: { sockets: number; memory: Answer }[] = []
    for (let reading = 0; reading < READINGS; reading += 1) {
      await openUpTo(Math.round(WARM_SOCKETS + ((SOCKETS - WARM_SOCKETS) * reading) / (READINGS - 1)))
      readings.push({ sockets: clients.length, memory: await ask({ type: 'memory' }) })
    }
    const after = readings.at(-1)!.memory

    const latencies: number[] = []
    for (let i = 0; i < EVENTS; i += 1) {
      const client = clients[(i * 7919) % clients.length]!
      const delivered = client.next()
      const started = performance.now()
      // Timed from the parent, so the figure includes one IPC hop to the server process: an upper bound.
      send({ id: -1, type: 'trigger', channel: client.channel })
      const frame = await delivered
      latencies.push(performance.now() - started)
      if (frame.event !== 'bench' || frame.channel !== client.channel) throw new Error(`unexpected ${frame.event}`)
    }
    latencies.sort((a, b) => a - b)
    const at = (q: number) => percentile(latencies, q)

    const heapPer = slope(readings.map(({ sockets, memory }) => [sockets, heapOf(memory)]))
    const rssPer = slope(readings.map(({ sockets, memory }) => [sockets, memory.rss as number]))
    console.log(`\nRealtime: embedded socket with ${after.connections as number} idle subscribed sockets`)
    console.log(
      `  memory per idle socket: ${kb(heapPer)} heap+external, ${kb(rssPer)} RSS (target <= 20 KB; slope over ${READINGS} readings from ${readings[0]!.sockets} to ${after.connections as number} sockets, each after a forced full GC)`,
    )
    console.log(
      `  trigger -> delivery over ${EVENTS} events: p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms (target p95 <= 50 ms)`,
    )

    // A chat message's round trip with the idle sockets still open: the seller POSTs through the API (in
    // process, app.inject), the buyer's socket receives `new-message`.
    const { buyerId } = (await ask({ type: 'chat-setup' })) as Answer & { buyerId: string }
    const buyer = await openClient(port, `private-user-${buyerId}`, ask)
    clients.push(buyer)
    const roundTrips: number[] = []
    for (let i = 0; i < EVENTS; i += 1) {
      const delivered = buyer.next()
      const started = performance.now()
      const answered = ask({ type: 'chat-send', text: `Bench message ${i}` })
      const frame = await delivered
      roundTrips.push(performance.now() - started)
      if (frame.event !== 'new-message') throw new Error(`unexpected ${frame.event}`)
      const { status } = (await answered) as Answer & { status: number }
      if (status !== 201) throw new Error(`sendMessage answered ${status}`)
    }
    roundTrips.sort((a, b) => a - b)
    console.log(
      `  chat message POST -> other participant's socket over ${EVENTS} messages: p50 ${percentile(roundTrips, 0.5).toFixed(2)} ms, p95 ${percentile(roundTrips, 0.95).toFixed(2)} ms (target p95 <= 50 ms)`,
    )
  } finally {
    for (const client of clients) client.ws.terminate()
    const exited = new Promise((resolve) => child.once('exit', resolve))
    if (child.connected) send({ id: -1, type: 'stop' })
    else child.kill()
    await exited
  }
}

// `node --import tsx bench/realtime.ts` runs this bench alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await realtimeBench()
