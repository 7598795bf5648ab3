import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { callerWith } from './accounts-helpers'
import { createTestApp, type TestApp } from './helpers'
import { testAppForFile } from './identity-helpers'
import { embeddedPath, listen, rawSocket } from './realtime-helpers'
import type { EmbeddedRealtime } from '../../server/realtime/embedded'

const t = testAppForFile({ env: { REALTIME_ACTIVITY_TIMEOUT_SECONDS: '1', REALTIME_MAX_CONNECTIONS: '3' } })
let port = 0
beforeAll(async () => {
  port = await listen(t.app)
})
const embedded = () => t.app.realtime as EmbeddedRealtime

/** An open raw socket past its connection_established frame. */
async function connected() {
  const socket = rawSocket(port, embeddedPath())
  const established = await socket.next()
  expect(established.event).toBe('pusher:connection_established')
  return socket
}

async function closeAll(sockets: { ws: { close(): void } }[]) {
  for (const socket of sockets) socket.ws.close()
  await vi.waitFor(() => expect(embedded().connectionCount).toBe(0))
}

describe('embedded socket protocol (raw websocket)', () => {
  it('tells the socket its id and the activity timeout', async () => {
    const socket = rawSocket(port, embeddedPath())
    const frame = await socket.next()
    expect(frame).toEqual({
      event: 'pusher:connection_established',
      data: { socket_id: expect.stringMatching(/^\d+\.\d+$/) as string, activity_timeout: 1 },
    })
    await closeAll([socket])
  })

  it('refuses connections past the global cap with 4100 (back off)', async () => {
    const open = [await connected(), await connected(), await connected()]
    const fourth = rawSocket(port, embeddedPath())
    expect(await fourth.next()).toEqual({ event: 'pusher:error', data: { code: 4100, message: 'Over capacity' } })
    expect((await fourth.closed).code).toBe(4100)
    await closeAll(open)
  })

  it('refuses an unknown app key (4001) and a missing or unsupported protocol (4006, 4007)', async () => {
    const wrongKey = rawSocket(port, embeddedPath('someone-else'))
    expect((await wrongKey.next()).data).toEqual({ code: 4001, message: 'App key someone-else not in use' })
    expect((await wrongKey.closed).code).toBe(4001)
    expect((await rawSocket(port, embeddedPath(undefined, '')).closed).code).toBe(4006)
    expect((await rawSocket(port, embeddedPath(undefined, '?protocol=3')).closed).code).toBe(4007)
  })

  it('survives an app key too long to echo in a close frame', async () => {
    const long = rawSocket(port, embeddedPath('k'.repeat(300)))
    expect((await long.closed).code).toBe(4001)
    await closeAll([await connected()])
  })

  it('refuses websocket upgrades on any other path', async () => {
    expect(await rawSocket(port, '/api/health').refused).toBe(404)
    expect(await rawSocket(port, '/app/keyway-local/extra').refused).toBe(404)
  })

  it('answers pusher:ping with pusher:pong', async () => {
    const socket = await connected()
    socket.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }))
    expect(await socket.next()).toEqual({ event: 'pusher:pong', data: {} })
    await closeAll([socket])
  })

  it('cuts off a socket that stops answering, and keeps one that answers', async () => {
    const live = await connected()
    const dead = rawSocket(port, embeddedPath(), { autoPong: false })
    await dead.next()
    // The server pings every activity timeout (1 s here) and drops a socket silent for a whole round.
    expect((await dead.closed).code).toBe(1006)
    await vi.waitFor(() => expect(embedded().connectionCount).toBe(1))
    live.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }))
    expect((await live.next()).event).toBe('pusher:pong')
    await closeAll([live])
  })

  it('answers a frame that is not JSON, and a client event, with an error and keeps the socket', async () => {
    const socket = await connected()
    socket.ws.send('not json')
    expect(await socket.next()).toEqual({
      event: 'pusher:error',
      data: { code: null, message: 'Frames must be JSON objects with an event name' },
    })
    socket.ws.send(JSON.stringify({ event: 'client-typing', channel: 'private-user-x', data: {} }))
    expect(await socket.next()).toEqual({
      event: 'pusher:error',
      data: { code: null, message: 'Client events are not enabled' },
    })
    socket.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }))
    expect((await socket.next()).event).toBe('pusher:pong')
    await closeAll([socket])
  })

  it('closes a socket that sends a frame over 10 KB (1009)', async () => {
    const socket = await connected()
    socket.ws.send(JSON.stringify({ event: 'pusher:ping', data: { pad: 'x'.repeat(11 * 1024) } }))
    expect((await socket.closed).code).toBe(1009)
    await vi.waitFor(() => expect(embedded().connectionCount).toBe(0))
  })

  it('refuses bad channel names, presence channels and private channels without a valid auth', async () => {
    const socket = await connected()
    socket.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'no spaces allowed' } }))
    expect(await socket.next()).toEqual({
      event: 'pusher:error',
      data: { code: null, message: 'Invalid channel name' },
    })
    socket.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'presence-room' } }))
    expect(await socket.next()).toMatchObject({ event: 'pusher:subscription_error', channel: 'presence-room' })
    socket.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-user-1' } }))
    expect(await socket.next()).toEqual({
      event: 'pusher:subscription_error',
      channel: 'private-user-1',
      data: { type: 'AuthError', error: 'Invalid signature', status: 401 },
    })
    await closeAll([socket])
  })
})

describe('POST /api/pusher/auth', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
  const post = (payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pusher/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload,
    })

  it('signs the caller’s own channel for the given socket', async () => {
    const caller = await callerWith(t, ['buyer'])
    const response = await post(
      form({ socket_id: '123.456', channel_name: `private-user-${caller.id}` }),
      caller.headers,
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ auth: expect.stringMatching(/^keyway-local:[0-9a-f]{64}$/) as string })
  })

  it('signs at most 60 channels a minute for one user, whatever address asks, then answers 429', async () => {
    const [caller, other] = [await callerWith(t, ['buyer']), await callerWith(t, ['buyer'])]
    const body = form({ socket_id: '123.456', channel_name: `private-user-${caller.id}` })
    const statuses: number[] = []
    for (let index = 0; index < 61; index += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/pusher/auth',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...caller.headers },
        payload: body,
        remoteAddress: `10.1.${Math.floor(index / 250)}.${index % 250}`,
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true)
    expect(statuses[60]).toBe(429)
    // Another user is counted on their own.
    const theirs = await post(form({ socket_id: '123.456', channel_name: `private-user-${other.id}` }), other.headers)
    expect(theirs.statusCode).toBe(200)
  })

  it('needs a signed-in caller (401)', async () => {
    const response = await post(form({ socket_id: '123.456', channel_name: 'private-user-x' }))
    expect(response.statusCode).toBe(401)
  })

  it('refuses any channel but the caller’s own (403)', async () => {
    const [caller, other] = [await callerWith(t, ['owner']), await callerWith(t, ['buyer'])]
    for (const channel of [`private-user-${other.id}`, `private-user-${caller.id}x`, 'private-admin', 'news']) {
      const response = await post(form({ socket_id: '1.2', channel_name: channel }), caller.headers)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toMatchObject({ code: 'forbidden' })
    }
  })

  it('answers 400 for a malformed socket id or channel name', async () => {
    const caller = await callerWith(t, ['buyer'])
    const channel = `private-user-${caller.id}`
    const bodies: Record<string, string>[] = [
      { socket_id: 'abc', channel_name: channel },
      { socket_id: '1.2', channel_name: 'has spaces' },
      { channel_name: channel },
    ]
    for (const body of bodies) {
      const response = await post(form(body), caller.headers)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'invalid_input' })
    }
  })

  it('takes form bodies on this route only', async () => {
    const caller = await callerWith(t, ['buyer'])
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-language',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...caller.headers },
      payload: form({ languagePreference: 'es' }),
    })
    expect(response.statusCode).toBe(415)
  })

  it('tells the SPA how to connect', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config/realtime' })
    expect(response.json()).toEqual({ mode: 'embedded', key: 'keyway-local', cluster: 'embedded' })
  })
})

describe('REALTIME=off', () => {
  let off: TestApp
  let offPort = 0
  beforeAll(async () => {
    off = await createTestApp({ env: { REALTIME: 'off' }, connection: t.connection })
    offPort = await listen(off.app)
  })
  afterAll(() => off.close())

  it('offers no socket, no signatures, and tells the SPA to poll', async () => {
    expect(await rawSocket(offPort, embeddedPath()).refused).toBe(404)
    const caller = await callerWith(off, ['owner'])
    const auth = await off.app.inject({
      method: 'POST',
      url: '/api/pusher/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...caller.headers },
      payload: `socket_id=1.2&channel_name=private-user-${caller.id}`,
    })
    expect(auth.statusCode).toBe(404)
    expect((await off.app.inject({ method: 'GET', url: '/api/config/realtime' })).json()).toEqual({ mode: 'off' })
    expect(await off.app.realtime.trigger(`private-user-${caller.id}`, 'new-message', {})).toBe(false)
  })
})

describe('shutdown', () => {
  it('closes open sockets with 4200 (reconnect) so the server can stop', async () => {
    const app = await createTestApp({ connection: t.connection })
    const socket = rawSocket(await listen(app.app), embeddedPath())
    await socket.next()
    await app.close()
    expect(await socket.closed).toMatchObject({ code: 4200 })
  })
})
