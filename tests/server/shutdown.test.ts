import { Agent, request } from 'node:http'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { EMBEDDED_APP_KEY } from '../../server/realtime/embedded'
import { backupDataDir } from '../../server/db/backup-folder'
import { pgliteFolderOf } from '../../server/db/backup'
import { seedDataDir, startServerProcess, type ServerProcess } from './server-process'

type Outcome = { status: number; body: string } | { error: string }

/** One request over `agent` (keep-alive); never rejects, so every outcome is counted. */
function send(agent: Agent, port: number, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Outcome> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
        res.on('error', (error) => resolve({ error: error.message }))
      },
    )
    req.on('error', (error) => resolve({ error: error.message }))
    req.end(payload)
  })
}

/** A raw Pusher-protocol client on the embedded socket: the frames it got and the code it was closed with. */
function socketClient(port: number) {
  const frames: { event: string; data: unknown }[] = []
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${EMBEDDED_APP_KEY}?protocol=7&client=js&version=8.4.0`)
  ws.on('message', (raw: Buffer) => {
    const frame = JSON.parse(raw.toString()) as { event: string; data: string | object }
    frames.push({ event: frame.event, data: typeof frame.data === 'string' ? JSON.parse(frame.data) : frame.data })
  })
  const connected = new Promise<void>((resolve) =>
    ws.on('message', () => frames.some((f) => f.event === 'pusher:connection_established') && resolve()),
  )
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
  return { frames, connected, closed }
}

describe('a server process on its data folder', () => {
  let dataDir: string
  let server: ServerProcess

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'keyway-shutdown-'))
    await seedDataDir(inject('testDbTemplate'), dataDir)
    // The raw socket never subscribes; on a slow machine the default minute could close it before the SIGTERM.
    // The drain waits for quiet; a busy CI machine may take many seconds to answer 200 requests.
    server = await startServerProcess(dataDir, {
      REALTIME_SUBSCRIBE_TIMEOUT_SECONDS: '3600',
      SHUTDOWN_DRAIN_SECONDS: '120',
    })
    // Starting a server process (import, content seed) takes seconds, far more on a busy machine.
  }, 180_000)
  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(`${dataDir}-backup`, { recursive: true, force: true })
  })

  // npm run backup's path: the running server makes the copy (its folder is its own), through the loopback endpoint.
  it('is backed up while it runs, through its loopback endpoint', { timeout: 60_000 }, async () => {
    const folder = join(`${dataDir}-backup`, 'while-running')
    const result = await backupDataDir(dataDir, folder)
    expect(result.from).toBe('running server')
    expect(result.databaseBytes).toBeGreaterThan(0)
    // Its own database folder is not copied among the files (it comes as the tarball).
    expect(existsSync(join(folder, 'files', 'pg'))).toBe(false)
    expect(existsSync(pgliteFolderOf(dataDir))).toBe(true)
  })

  it('answers every request it had taken, tells sockets to reconnect and exits 0', { timeout: 240_000 }, async () => {
    const { port } = server
    const agent = new Agent({ keepAlive: true, maxSockets: 200 })
    const home = await send(agent, port, 'GET', '/api/help/articles')
    if (!('status' in home) || home.status !== 200) throw new Error(`help home: ${JSON.stringify(home)}`)
    const articleId = (JSON.parse(home.body) as { articles: { id: string }[] }).articles[0]!.id

    const socket = socketClient(port)
    await socket.connected

    // 200 keep-alive connections, opened by a first round and left idle, then a second round in flight on them.
    const load = () =>
      Array.from({ length: 200 }, (_, i) =>
        i % 20 === 0
          ? send(agent, port, 'POST', `/api/help/articles/${articleId}/helpful`, { helpful: i % 40 === 0 })
          : send(agent, port, 'GET', i % 2 ? '/api/help/articles' : `/api/help/articles/${articleId}`),
      )
    const warmUp = await Promise.all(load())
    expect(warmUp.filter((outcome) => !('status' in outcome) || outcome.status !== 200)).toEqual([])

    let answered = 0
    const roundStarted = Date.now()
    let sigtermAt = -1
    let signalled!: () => void
    const sigtermSent = new Promise<void>((resolve) => (signalled = resolve))
    const inFlight = load().map((pending) =>
      pending.then((outcome) => {
        answered += 1
        if ('error' in outcome) outcome.error += ` at ${Date.now() - roundStarted} ms (SIGTERM at ${sigtermAt} ms)`
        if (answered === 10) {
          server.child.kill('SIGTERM')
          sigtermAt = Date.now() - roundStarted
          signalled()
        }
        return outcome
      }),
    )
    // Health checks on new connections while it drains: 503, so a load balancer sends new work elsewhere.
    const fresh = new Agent({ keepAlive: false })
    const healthWhileDraining = sigtermSent.then(async () => {
      for (;;) {
        const outcome = await send(fresh, port, 'GET', '/api/health')
        if (!('status' in outcome) || outcome.status !== 200) return outcome
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })
    const outcomes = await Promise.all(inFlight)

    const failed = outcomes.filter((outcome) => !('status' in outcome) || outcome.status !== 200)
    const health = await healthWhileDraining
    const closeCode = await socket.closed
    const exitCode = await server.exited
    expect(
      {
        failed,
        healthWhileDraining: 'status' in health ? health.status : health.error,
        closeCode,
        toldToReconnect: socket.frames.some(
          (frame) => frame.event === 'pusher:error' && (frame.data as { code?: number }).code === 4200,
        ),
        exitCode,
      },
      server.stderr(),
    ).toEqual({ failed: [], healthWhileDraining: 503, closeCode: 4200, toldToReconnect: true, exitCode: 0 })
    agent.destroy()
  })
})
