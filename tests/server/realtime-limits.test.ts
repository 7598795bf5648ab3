import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Env } from '../../server/config'
import type { EmbeddedRealtime } from '../../server/realtime/embedded'
import { createTestApp, type TestApp } from './helpers'
import { testAppForFile } from './identity-helpers'
import { embeddedPath, listen, rawSocket } from './realtime-helpers'

const LIMITS: Env = { REALTIME_MAX_SOCKETS_PER_ADDRESS: '3', REALTIME_SUBSCRIBE_TIMEOUT_SECONDS: '1' }

type Socket = ReturnType<typeof rawSocket>

/** A raw socket past its connection_established frame, sent with `headers` (X-Forwarded-For, say). */
async function connected(port: number, headers: Record<string, string> = {}): Promise<Socket> {
  const socket = rawSocket(port, embeddedPath(), { headers })
  expect((await socket.next()).event).toBe('pusher:connection_established')
  return socket
}

/** The refusal a socket over its address's quota gets: pusher:error 4004, then a close with 4004. */
async function refusal(socket: Socket) {
  return { frame: await socket.next(), close: (await socket.closed).code }
}
const overQuota = {
  frame: { event: 'pusher:error', data: { code: 4004, message: 'Too many connections from this address' } },
  close: 4004,
}

async function closeAll(realtime: EmbeddedRealtime, sockets: Socket[]) {
  for (const socket of sockets) socket.ws.close()
  await vi.waitFor(() => expect(realtime.connectionCount).toBe(0))
}

/** A socket answers while open: a ping gets its pong. */
async function answers(socket: Socket) {
  socket.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }))
  return (await socket.next()).event === 'pusher:pong'
}

describe('embedded socket: connections per address', () => {
  const t = testAppForFile({ env: LIMITS })
  let port = 0
  beforeAll(async () => {
    port = await listen(t.app)
  })
  const realtime = () => t.app.realtime as EmbeddedRealtime

  it('refuses a socket past the per-address cap with 4004 (pusher-js stops and the SPA polls), and keeps the others', async () => {
    const open = [await connected(port), await connected(port), await connected(port)]
    expect(await refusal(rawSocket(port, embeddedPath()))).toEqual(overQuota)
    for (const socket of open) expect(await answers(socket)).toBe(true)
    // A closed socket frees its place.
    open.shift()!.ws.close()
    await vi.waitFor(() => expect(realtime().connectionCount).toBe(2))
    open.push(await connected(port))
    await closeAll(realtime(), open)
  })

  it('does not believe X-Forwarded-For when no proxy is trusted', async () => {
    const open = [
      await connected(port, { 'x-forwarded-for': '203.0.113.1' }),
      await connected(port, { 'x-forwarded-for': '203.0.113.2' }),
      await connected(port, { 'x-forwarded-for': '203.0.113.3' }),
    ]
    expect(await refusal(rawSocket(port, embeddedPath(), { headers: { 'x-forwarded-for': '203.0.113.4' } }))).toEqual(
      overQuota,
    )
    await closeAll(realtime(), open)
  })
})

describe('embedded socket: callers behind a trusted proxy', () => {
  let t: TestApp
  let port = 0
  beforeAll(async () => {
    t = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: '127.0.0.1' } })
    port = await listen(t.app)
  })
  afterAll(() => t.close())

  it('counts each caller by the address the proxy forwards, as the HTTP side does', async () => {
    const first = { 'x-forwarded-for': '203.0.113.7' }
    const open = [await connected(port, first), await connected(port, first), await connected(port, first)]
    expect(await refusal(rawSocket(port, embeddedPath(), { headers: first }))).toEqual(overQuota)
    // Another person behind the same proxy has their own allowance.
    open.push(await connected(port, { 'x-forwarded-for': '203.0.113.8' }))
    await closeAll(t.app.realtime as EmbeddedRealtime, open)
  })

  it('counts an IPv6 caller by their /64 (one subscriber’s network), not by each address in it', async () => {
    const at = (suffix: string) => ({ 'x-forwarded-for': `2001:db8:1:2::${suffix}` })
    const open = [await connected(port, at('1')), await connected(port, at('2')), await connected(port, at('3'))]
    expect(await refusal(rawSocket(port, embeddedPath(), { headers: at('4') }))).toEqual(overQuota)
    open.push(await connected(port, { 'x-forwarded-for': '2001:db8:1:3::1' }))
    await closeAll(t.app.realtime as EmbeddedRealtime, open)
  })
})

describe('embedded socket: a socket that subscribes to nothing', () => {
  const t = testAppForFile({ env: LIMITS })
  let port = 0
  beforeAll(async () => {
    port = await listen(t.app)
  })

  it('is closed with 4009 once the subscribe timeout passes, while a subscribed one stays', async () => {
    // The subscribed socket opens first, so its own timeout has passed by the time the idle one's has.
    const keeper = rawSocket(port, embeddedPath())
    const { data } = (await keeper.next()) as { data: { socket_id: string } }
    const channel = 'private-user-keeper'
    const auth = t.app.realtime.authorize(data.socket_id, channel)
    keeper.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }))
    expect((await keeper.next()).event).toBe('pusher_internal:subscription_succeeded')

    const idle = await connected(port)
    expect(await idle.next()).toEqual({
      event: 'pusher:error',
      data: { code: 4009, message: 'No subscription within 1 s' },
    })
    expect((await idle.closed).code).toBe(4009)
    expect(await answers(keeper)).toBe(true)
    keeper.ws.close()
  })

  it('counts only private channels: a public subscription does not keep a socket open', async () => {
    const socket = await connected(port)
    socket.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'news' } }))
    expect((await socket.next()).event).toBe('pusher_internal:subscription_succeeded')
    expect((await socket.closed).code).toBe(4009)
  })

  it('is closed after it unsubscribes from its last channel and stays so for the timeout', async () => {
    const socket = rawSocket(port, embeddedPath())
    const { data } = (await socket.next()) as { data: { socket_id: string } }
    const channel = 'private-user-leaver'
    socket.ws.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel, auth: t.app.realtime.authorize(data.socket_id, channel) },
      }),
    )
    expect((await socket.next()).event).toBe('pusher_internal:subscription_succeeded')
    socket.ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data: { channel } }))
    expect((await socket.next()).data).toEqual({ code: 4009, message: 'No subscription within 1 s' })
    expect((await socket.closed).code).toBe(4009)
  })
})
