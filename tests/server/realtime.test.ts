import type Pusher from 'pusher-js'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callerWith, type Caller } from './accounts-helpers'
import { testAppForFile } from './identity-helpers'
import { listen, nextEvent, pusherClient, reachState, recordEvents, roundTrip, subscribe } from './realtime-helpers'
import type { EmbeddedRealtime } from '../../server/realtime/embedded'

const channelOf = (caller: Caller) => `private-user-${caller.id}`

describe('embedded realtime socket with pusher-js', () => {
  const t = testAppForFile({ env: { REALTIME_MAX_SOCKETS_PER_USER: '2' } })
  let port = 0
  const clients: Pusher[] = []
  beforeAll(async () => {
    port = await listen(t.app)
  })
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect()
  })

  /** A connected pusher-js client for `caller`, closed after the test. */
  async function connect(caller?: Caller, options: Parameters<typeof pusherClient>[1] = {}) {
    const client = pusherClient(port, { token: caller?.tokens.idToken, ...options })
    clients.push(client)
    await reachState(client, 'connected')
    return client
  }

  it('announces a socket id in Pusher form', async () => {
    const client = await connect()
    expect(client.connection.socket_id).toMatch(/^\d+\.\d+$/)
  })

  it('subscribes a user to their own channel with the signature from /api/pusher/auth', async () => {
    const caller = await callerWith(t, ['originator'])
    const client = await connect(caller)
    expect(await subscribe(client, channelOf(caller))).toEqual({ ok: true })
  })

  it('refuses a subscription with a forged signature', async () => {
    const caller = await callerWith(t, ['originator'])
    const client = await connect(caller, {
      customHandler: (_params, callback) => callback(null, { auth: `keyway-local:${'0'.repeat(64)}` }),
    })
    const outcome = await subscribe(client, channelOf(caller))
    expect(outcome).toEqual({ ok: false, error: expect.objectContaining({ type: 'AuthError', status: 401 }) })
    const events = recordEvents(client)
    await t.app.realtime.trigger(channelOf(caller), 'new-message', { id: 'forged' })
    await roundTrip(client)
    expect(events).toEqual([])
  })

  it("refuses another user's channel at the auth endpoint (403)", async () => {
    const [mallory, victim] = [await callerWith(t, ['originator']), await callerWith(t, ['originator'])]
    const client = await connect(mallory)
    const outcome = await subscribe(client, channelOf(victim))
    expect(outcome).toEqual({ ok: false, error: expect.objectContaining({ type: 'AuthError', status: 403 }) })
  })

  it('answers pusher-js pings with pongs and keeps the connection', async () => {
    const client = await connect(undefined, { activityTimeout: 50 })
    const socketId = client.connection.socket_id
    // After 50 ms of silence pusher-js pings on its own; it would reconnect if no pong came back.
    await nextEvent(client, 'pusher:pong')
    await nextEvent(client, 'pusher:pong')
    expect(client.connection.state).toBe('connected')
    expect(client.connection.socket_id).toBe(socketId)
  })

  it('delivers an event to the subscribed socket only', async () => {
    const [ana, ben] = [await callerWith(t, ['originator']), await callerWith(t, ['owner'])]
    const [anaClient, benClient, anonymous] = [await connect(ana), await connect(ben), await connect()]
    await subscribe(anaClient, channelOf(ana))
    await subscribe(benClient, channelOf(ben))
    const seen = [recordEvents(anaClient), recordEvents(benClient), recordEvents(anonymous)]

    const arrived = nextEvent(anaClient.channel(channelOf(ana)), 'new-message')
    expect(await t.app.realtime.trigger(channelOf(ana), 'new-message', { conversationId: 'c1' })).toBe(true)
    expect(await arrived).toEqual({ conversationId: 'c1' })
    // Frames on one socket arrive in order: had Ana's event gone to Ben or the stranger, it would come first.
    await t.app.realtime.trigger(channelOf(ben), 'new-message', { conversationId: 'c2' })
    await nextEvent(benClient.channel(channelOf(ben)), 'new-message')
    await roundTrip(anonymous)
    expect(seen).toEqual([['new-message {"conversationId":"c1"}'], ['new-message {"conversationId":"c2"}'], []])
  })

  it('stops delivering after an unsubscribe', async () => {
    const caller = await callerWith(t, ['originator'])
    const client = await connect(caller)
    await subscribe(client, channelOf(caller))
    await subscribe(client, 'announcements')
    const seen = recordEvents(client)
    client.unsubscribe(channelOf(caller))
    await roundTrip(client)
    await t.app.realtime.trigger(channelOf(caller), 'new-message', { id: 'after' })
    await t.app.realtime.trigger('announcements', 'notice', { id: 'marker' })
    await nextEvent(client.channel('announcements'), 'notice')
    expect(seen).toEqual(['notice {"id":"marker"}'])
  })

  it('refuses a third socket of the same user (cap 2) without a reconnect, and keeps the first two', async () => {
    const caller = await callerWith(t, ['originator'])
    const [first, second, third] = [await connect(caller), await connect(caller), await connect(caller)]
    expect(await subscribe(first, channelOf(caller))).toEqual({ ok: true })
    expect(await subscribe(second, channelOf(caller))).toEqual({ ok: true })
    const refused = nextEvent<{ type: string; data: { code: number } }>(third.connection, 'error')
    third.subscribe(channelOf(caller))
    expect((await refused).data.code).toBe(4004)
    await reachState(third, 'disconnected')

    const arrived = [first, second].map((client) => nextEvent(client.channel(channelOf(caller)), 'new-message'))
    await t.app.realtime.trigger(channelOf(caller), 'new-message', { id: 'both' })
    expect(await Promise.all(arrived)).toEqual([{ id: 'both' }, { id: 'both' }])
  })

  it('frees a place under the cap when a socket leaves', async () => {
    const caller = await callerWith(t, ['originator'])
    const [first, second] = [await connect(caller), await connect(caller)]
    await subscribe(first, channelOf(caller))
    await subscribe(second, channelOf(caller))
    first.unsubscribe(channelOf(caller))
    await roundTrip(first)
    const third = await connect(caller)
    expect(await subscribe(third, channelOf(caller))).toEqual({ ok: true })
  })

  it('resubscribes after the server drops the connection, and receives events again', async () => {
    const caller = await callerWith(t, ['originator'])
    const client = await connect(caller)
    await subscribe(client, channelOf(caller))
    const before = client.connection.socket_id
    const channel = client.channel(channelOf(caller))
    const resubscribed = nextEvent(channel, 'pusher:subscription_succeeded')

    // 4200: "reconnect at once", what a restart sends; pusher-js opens a new socket and re-authorises.
    ;(t.app.realtime as EmbeddedRealtime).disconnectAll()
    await resubscribed
    expect(client.connection.socket_id).not.toBe(before)
    const arrived = nextEvent(channel, 'new-message')
    await t.app.realtime.trigger(channelOf(caller), 'new-message', { id: 'again' })
    expect(await arrived).toEqual({ id: 'again' })
  })

  it('refuses to push data over 10 KB, and pushes data under it', async () => {
    const client = await connect()
    await subscribe(client, 'announcements')
    const seen = recordEvents(client)
    expect(await t.app.realtime.trigger('announcements', 'big', { text: 'x'.repeat(10 * 1024) })).toBe(false)
    const small = { text: 'x'.repeat(9 * 1024) }
    expect(await t.app.realtime.trigger('announcements', 'small', small)).toBe(true)
    await nextEvent(client.channel('announcements'), 'small')
    expect(seen).toEqual([`small ${JSON.stringify(small)}`])
  })
})
