import { createHash, createHmac } from 'node:crypto'
import Pusher from 'pusher'
import { beforeAll, describe, expect, it } from 'vitest'
import { testAppForFile } from './identity-helpers'
import { embeddedPath, listen, rawSocket } from './realtime-helpers'

/** The node's credentials, as another instance would hold them in PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET. */
const NODE = {
  REALTIME_APP_ID: '1000001',
  REALTIME_APP_KEY: 'keyway-node-test',
  REALTIME_APP_SECRET: 'node-secret-0123456789abcdef0123456789',
}
const t = testAppForFile({ env: NODE })
let port = 0
beforeAll(async () => {
  port = await listen(t.app)
})

/** The official server SDK pointed at the embedded node over plain HTTP. */
const sdk = (secret = NODE.REALTIME_APP_SECRET, appId = NODE.REALTIME_APP_ID) =>
  new Pusher({ appId, key: NODE.REALTIME_APP_KEY, secret, host: '127.0.0.1', port: String(port), useTLS: false })

/** A raw socket on the node, subscribed to `channel` with a signature the node accepts. */
async function subscriber(channel: string) {
  const socket = rawSocket(port, embeddedPath(NODE.REALTIME_APP_KEY))
  const established = await socket.next()
  const socketId = (established.data as { socket_id: string }).socket_id
  socket.ws.send(
    JSON.stringify({
      event: 'pusher:subscribe',
      data: { channel, auth: t.app.realtime.authorize(socketId, channel) },
    }),
  )
  expect(await socket.next()).toMatchObject({ event: 'pusher_internal:subscription_succeeded', channel })
  return {
    ...socket,
    socketId,
    /**
     * What reached the socket since it last looked, as event names: a ping's pong comes after every frame the
     * node sent before it, so anything delivered earlier shows up first.
     */
    async pending(): Promise<string[]> {
      socket.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }))
      const seen: string[] = []
      for (let frame = await socket.next(); frame.event !== 'pusher:pong'; frame = await socket.next()) {
        seen.push(frame.event)
      }
      return seen
    },
  }
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex')

type Signed = { path?: string; body?: string; timestamp?: number; bodyMd5?: string; secret?: string }

/** A request signed as the SDK signs it, with one part changed at a time. */
function signedPost({ path, body, timestamp, bodyMd5, secret = NODE.REALTIME_APP_SECRET }: Signed) {
  const url = path ?? `/apps/${NODE.REALTIME_APP_ID}/events`
  const payload = body ?? JSON.stringify({ name: 'refused', data: '{}', channels: ['private-user-quiet'] })
  const query = [
    `auth_key=${NODE.REALTIME_APP_KEY}`,
    `auth_timestamp=${timestamp ?? Math.floor(Date.now() / 1000)}`,
    'auth_version=1.0',
    `body_md5=${bodyMd5 ?? md5(payload)}`,
  ].join('&')
  const signature = createHmac('sha256', secret).update(`POST\n${url}\n${query}`).digest('hex')
  return t.app.inject({
    method: 'POST',
    url: `${url}?${query}&auth_signature=${signature}`,
    headers: { 'content-type': 'application/json' },
    payload,
  })
}

describe('the Pusher HTTP API of the embedded node, through the official pusher SDK', () => {
  it('delivers a trigger to the sockets subscribed to its channels, and answers {} as Pusher does', async () => {
    const alice = await subscriber('private-user-alice')
    const bob = await subscriber('private-user-bob')
    const response = await sdk().trigger(['private-user-alice', 'private-user-bob'], 'new-message', { text: 'hi' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({})
    expect(await alice.next()).toEqual({ event: 'new-message', channel: 'private-user-alice', data: { text: 'hi' } })
    expect(await bob.next()).toEqual({ event: 'new-message', channel: 'private-user-bob', data: { text: 'hi' } })
    alice.ws.close()
    bob.ws.close()
  })

  it('leaves out the socket named by socket_id (the one whose action caused the event)', async () => {
    const sender = await subscriber('private-user-carol')
    const other = await subscriber('private-user-carol')
    await sdk().trigger('private-user-carol', 'typing', { at: 1 }, { socket_id: sender.socketId })
    expect(await other.next()).toMatchObject({ event: 'typing', data: { at: 1 } })
    expect(await sender.pending()).toEqual([])
    sender.ws.close()
    other.ws.close()
  })

  it('delivers a batch trigger, each event to its own channel', async () => {
    const dan = await subscriber('private-user-dan')
    const erin = await subscriber('private-user-erin')
    await sdk().triggerBatch([
      { channel: 'private-user-dan', name: 'notice', data: { n: 1 } },
      { channel: 'private-user-erin', name: 'notice', data: { n: 2 } },
      { channel: 'private-user-dan', name: 'notice', data: { n: 3 } },
    ])
    expect(await dan.next()).toMatchObject({ channel: 'private-user-dan', data: { n: 1 } })
    expect(await dan.next()).toMatchObject({ channel: 'private-user-dan', data: { n: 3 } })
    expect(await erin.next()).toMatchObject({ channel: 'private-user-erin', data: { n: 2 } })
    dan.ws.close()
    erin.ws.close()
  })

  it("ends a user's connections on terminateUserConnections: they reconnect and must be authorised again", async () => {
    const frank = await subscriber('private-user-frank')
    const other = await subscriber('private-user-grace')
    await expect(sdk('not-the-node-secret-0123456789abcdef').terminateUserConnections('frank')).rejects.toMatchObject({
      status: 401,
    })
    expect(await frank.pending()).toEqual([])
    const response = await sdk().terminateUserConnections('frank')
    expect(await response.json()).toEqual({})
    expect((await frank.closed).code).toBe(4200)
    expect(await other.pending()).toEqual([])
    other.ws.close()
  })

  it('refuses a trigger signed with another secret (401) or for another app (404), delivering nothing', async () => {
    const quiet = await subscriber('private-user-quiet')
    await expect(
      sdk('not-the-node-secret-0123456789abcdef').trigger('private-user-quiet', 'x', {}),
    ).rejects.toMatchObject({ status: 401 })
    await expect(sdk(undefined, '999').trigger('private-user-quiet', 'x', {})).rejects.toMatchObject({ status: 404 })
    expect(await quiet.pending()).toEqual([])
    quiet.ws.close()
  })
})

describe('requests the node refuses as Pusher does', () => {
  it('answers a well-signed request with 200, so the refusals below are about the part changed', async () => {
    expect((await signedPost({})).statusCode).toBe(200)
  })

  it.each([
    ['a tampered signature', { secret: 'someone-elses-secret-0123456789abcdef' }, 401],
    ['a timestamp over 600 s old', { timestamp: Math.floor(Date.now() / 1000) - 700 }, 401],
    ['a timestamp over 600 s ahead', { timestamp: Math.floor(Date.now() / 1000) + 700 }, 401],
    ['a body_md5 of another body', { bodyMd5: md5('{"name":"other"}') }, 401],
    ['another app id', { path: '/apps/42/events' }, 404],
    ['a body that is not JSON', { body: '{"name":' }, 400],
    ['data that is not a string', { body: JSON.stringify({ name: 'e', data: { a: 1 }, channel: 'c' }) }, 400],
    ['no channel', { body: JSON.stringify({ name: 'e', data: '{}' }) }, 400],
    ['a protocol event name', { body: JSON.stringify({ name: 'pusher:x', data: '{}', channel: 'c' }) }, 400],
    [
      'over 100 channels',
      { body: JSON.stringify({ name: 'e', data: '{}', channels: Array.from({ length: 101 }, (_, i) => `c${i}`) }) },
      400,
    ],
    ['data over 10 KB', { body: JSON.stringify({ name: 'e', data: 'x'.repeat(10 * 1024 + 1), channel: 'c' }) }, 413],
    [
      'a batch of 11 events',
      {
        path: `/apps/${NODE.REALTIME_APP_ID}/batch_events`,
        body: JSON.stringify({ batch: Array.from({ length: 11 }, () => ({ name: 'e', data: '{}', channel: 'c' })) }),
      },
      400,
    ],
  ])('refuses %s', async (_what, changed: Signed, status) => {
    const quiet = await subscriber('private-user-quiet')
    const response = await signedPost(changed)
    expect(response.statusCode).toBe(status)
    expect(response.body.length).toBeGreaterThan(0)
    expect(await quiet.pending()).toEqual([])
    quiet.ws.close()
  })
})

describe('without node credentials', () => {
  const plain = testAppForFile()
  it('offers no Pusher HTTP API (the embedded socket only serves its own instance)', async () => {
    const response = await plain.app.inject({ method: 'POST', url: '/apps/1000001/events', payload: {} })
    expect(response.statusCode).toBe(404)
  })
})
