import type Pusher from 'pusher-js'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, NewMessageEventSchema, NewThreadEventSchema, type Message } from '../../src/contract'
import type { Caller } from './accounts-helpers'
import { conversation, person } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { testAppForFile } from './identity-helpers'
import { listen, nextEvent, pusherClient, reachState, recordEvents, roundTrip, subscribe } from './realtime-helpers'

const channelOf = (caller: Caller) => `private-user-${caller.id}`

describe('chat events on the embedded socket (pusher-js)', () => {
  const t = testAppForFile()
  let port = 0
  const sockets: Pusher[] = []
  beforeAll(async () => {
    port = await listen(t.app)
  })
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect()
  })

  /** `caller`'s pusher-js client, connected and subscribed to their own channel. */
  async function socketOf(caller: Caller) {
    const socket = pusherClient(port, { token: caller.tokens.idToken })
    sockets.push(socket)
    await reachState(socket, 'connected')
    expect(await subscribe(socket, channelOf(caller))).toEqual({ ok: true })
    return socket
  }

  it("tells the seller's socket of a new thread", async () => {
    const seller = await person(t, ['originator'])
    const buyer = await person(t, ['buyer'], 'Bea', 'Buyer')
    const deal = await createListing(t, seller)
    const socket = await socketOf(seller)
    const arrived = nextEvent(socket.channel(channelOf(seller)), 'new-thread')
    const thread = await client(t.app, buyer).ok(endpoints.startThread, {
      body: { dealId: deal.id, message: 'Hello!' },
    })
    expect(NewThreadEventSchema.parse(await arrived)).toEqual({
      message: 'Hello!',
      thread: { threadId: thread.threadId },
    })
  })

  it("delivers `new-message` to the other participant's socket when one side posts, and not to a third user's", async () => {
    const { seller, buyer, thread } = await conversation(t)
    const stranger = await person(t, ['originator'])
    const [buyerSocket, strangerSocket] = [await socketOf(buyer), await socketOf(stranger)]
    const strangerSeen = recordEvents(strangerSocket)
    const arrived = nextEvent(buyerSocket.channel(channelOf(buyer)), 'new-message')
    const long = 'é'.repeat(2000)
    const sent = await client(t.app, seller).ok(endpoints.sendMessage, {
      params: { threadId: thread.threadId },
      body: { message: long },
    })
    const event = NewMessageEventSchema.parse(await arrived)
    expect(event).toEqual({
      senderName: 'Sam Seller',
      message: `${'é'.repeat(199)}…`,
      threadId: thread.threadId,
      messageId: sent.id,
    })
    await roundTrip(strangerSocket)
    expect(strangerSeen).toEqual([])
  })

  it("tells the other participant's socket that the thread was blocked", async () => {
    const { seller, buyer, thread } = await conversation(t)
    const socket = await socketOf(seller)
    const arrived = nextEvent(socket.channel(channelOf(seller)), 'thread-blocked')
    await client(t.app, buyer).ok(endpoints.blockThread, { params: { threadId: thread.threadId } })
    expect(await arrived).toEqual({ threadId: thread.threadId, blocked: true })
  })

  it('recovers every message missed while disconnected with `after`, without duplicates', async () => {
    const { seller, buyer, thread } = await conversation(t)
    const params = { threadId: thread.threadId }
    const send = (message: string) => client(t.app, seller).ok(endpoints.sendMessage, { params, body: { message } })
    const socket = await socketOf(buyer)
    const channel = socket.channel(channelOf(buyer))
    // What the buyer's screen holds: the first message, then what events bring.
    const held = new Map<number, string>([[thread.lastMessage!.id, thread.lastMessage!.body]])
    const live: number[] = []
    channel.bind('new-message', (data: unknown) => live.push(NewMessageEventSchema.parse(data).messageId))

    const first = nextEvent(channel, 'new-message')
    const m1 = await send('one')
    await first
    held.set(m1.id, m1.body)

    socket.disconnect()
    await reachState(socket, 'disconnected')
    const missed: Message[] = []
    for (const text of ['two', 'three', 'four', 'five']) missed.push(await send(text))

    const resubscribed = nextEvent(channel, 'pusher:subscription_succeeded')
    socket.connect()
    await resubscribed
    const after = nextEvent(channel, 'new-message')
    const m6 = await send('six')
    await after
    expect(live).toEqual([m1.id, m6.id])

    // On resubscription the client asks for what came after the newest id it held before the gap.
    const newestHeld = Math.max(...held.keys())
    const caughtUp = await client(t.app, buyer).ok(endpoints.listMessages, { params, query: { after: newestHeld } })
    expect(caughtUp.items.map((message) => message.body)).toEqual(['two', 'three', 'four', 'five', 'six'])
    expect(caughtUp.hasMore).toBe(false)
    for (const message of caughtUp.items) held.set(message.id, message.body)

    const ids = [...held.keys()].sort((a, b) => a - b)
    expect(ids.map((id) => held.get(id))).toEqual([
      'Is it still available?',
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
    ])
    expect(missed.every((message) => held.has(message.id))).toBe(true)
  })
})

describe('chat writes when the realtime push fails', () => {
  const t = testAppForFile({
    register: (app) => {
      app.realtime.trigger = () => Promise.reject(new Error('socket server down'))
    },
  })

  it('still answers the request and stores the message', async () => {
    const { seller, buyer, thread } = await conversation(t)
    const params = { threadId: thread.threadId }
    const sent = await client(t.app, seller).ok(endpoints.sendMessage, { params, body: { message: 'Still here' } })
    const messages = await client(t.app, buyer).ok(endpoints.listMessages, { params })
    expect(messages.items.at(-1)).toEqual(sent)
    expect((await client(t.app, buyer).ok(endpoints.notifications)).unreadCount).toBe(1)
  })
})
