import type Pusher from 'pusher-js'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { call, callerWith, type Caller } from './accounts-helpers'
import { testAppForFile } from './identity-helpers'
import {
  embeddedPath,
  listen,
  nextEvent,
  pusherClient,
  rawSocket,
  reachState,
  recordEvents,
  roundTrip,
  subscribe,
} from './realtime-helpers'

const channelOf = (caller: Caller) => `private-user-${caller.id}`

describe('a user’s sockets when an admin takes their access away', () => {
  const t = testAppForFile()
  let port = 0
  let admin: Caller
  const clients: Pusher[] = []
  beforeAll(async () => {
    port = await listen(t.app)
    admin = await callerWith(t, ['admin'])
  })
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect()
  })

  async function connect(caller: Caller) {
    const client = pusherClient(port, { token: caller.tokens.idToken })
    clients.push(client)
    await reachState(client, 'connected')
    return client
  }

  const update = (target: Caller, body: Record<string, unknown>) =>
    call(t.app, 'PATCH', `/api/admin/users/${target.id}`, { as: admin, body })

  it('closes the socket a deactivated user had open, for good (4009), and pushes them nothing more', async () => {
    const seller = await callerWith(t, ['originator'])
    const client = await connect(seller)
    expect(await subscribe(client, channelOf(seller))).toEqual({ ok: true })
    const seen = recordEvents(client)
    const refused = nextEvent<{ data: { code: number } }>(client.connection, 'error')

    expect((await update(seller, { status: 'deactivated', reason: 'Test' })).statusCode).toBe(200)
    expect((await refused).data.code).toBe(4009)
    await reachState(client, 'disconnected')
    await t.app.realtime.trigger(channelOf(seller), 'new-message', { id: 'after' })
    expect(seen).toEqual([])
  })

  it('lets a socket they open afterwards subscribe to nothing (/api/pusher/auth answers 403)', async () => {
    const seller = await callerWith(t, ['originator'])
    await update(seller, { status: 'deactivated', reason: 'Test' })
    const client = await connect(seller)
    expect(await subscribe(client, channelOf(seller))).toEqual({
      ok: false,
      error: expect.objectContaining({ type: 'AuthError', status: 403 }) as unknown,
    })
  })

  it('refuses a signature obtained before the deactivation on a socket opened before it', async () => {
    const seller = await callerWith(t, ['originator'])
    const socket = rawSocket(port, embeddedPath())
    const { data } = (await socket.next()) as { data: { socket_id: string } }
    const auth = t.app.realtime.authorize(data.socket_id, channelOf(seller))
    await update(seller, { status: 'deactivated', reason: 'Test' })
    socket.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: channelOf(seller), auth } }))
    expect(await socket.next()).toMatchObject({
      event: 'pusher:subscription_error',
      data: { type: 'AuthError', status: 401 },
    })
    socket.ws.close()
  })

  it('makes a seller who loses a role reconnect (4200) and authorise every channel again', async () => {
    const seller = await callerWith(t, ['originator', 'buyer'])
    const client = await connect(seller)
    expect(await subscribe(client, channelOf(seller))).toEqual({ ok: true })
    const before = client.connection.socket_id
    const channel = client.channel(channelOf(seller))
    const dropped = nextEvent<{ data: { code: number } }>(client.connection, 'error')
    const reauthorised = nextEvent(channel, 'pusher:subscription_succeeded')

    expect((await update(seller, { roles: ['buyer'] })).statusCode).toBe(200)
    expect((await dropped).data.code).toBe(4200)
    // Their own channel is still theirs as a buyer: the new socket was signed for it again.
    await reauthorised
    expect(client.connection.socket_id).not.toBe(before)
    const arrived = nextEvent(channel, 'new-message')
    await t.app.realtime.trigger(channelOf(seller), 'new-message', { id: 'again' })
    expect(await arrived).toEqual({ id: 'again' })
  })

  it('leaves the sockets of a user who only gains a role alone', async () => {
    const buyer = await callerWith(t, ['buyer'])
    const client = await connect(buyer)
    await subscribe(client, channelOf(buyer))
    const before = client.connection.socket_id
    await update(buyer, { roles: ['buyer', 'originator'] })
    await roundTrip(client)
    expect(client.connection.socket_id).toBe(before)
  })
})
