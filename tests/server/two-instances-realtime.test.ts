import type Pusher from 'pusher-js'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, NotificationSchema, REALTIME_EVENTS, type OfferInput } from '../../src/contract'
import { call, callerWith, type Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import type { TestApp } from './helpers'
import { listen, nextEvent, pusherClient, reachState, recordEvents, subscribe } from './realtime-helpers'
import { twoInstancesForFile } from './two-instances-helpers'

/*
 * Issue 27: two instances on one database. A seller's socket is on instance B; everything else (the
 * subscription's signature, the buyer's write, the admin's deactivation) happens on instance A.
 */

const channelOf = (caller: Caller) => `private-user-${caller.id}`
const cashOffer = { type: 'cash', purchasePrice: 240000, closeOfEscrowDate: '2099-06-30' } as OfferInput

describe('the embedded socket across two instances on one database', () => {
  const both = twoInstancesForFile()
  let portB = 0
  const sockets: Pusher[] = []
  beforeAll(async () => {
    await listen(both.a.app)
    portB = await listen(both.b.app)
  })
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect()
  })

  /** A pusher-js client connected to instance `on`, whose subscriptions instance `authorisedBy` signs. */
  async function socketOn(on: number, authorisedBy: TestApp, caller: Caller) {
    const socket = pusherClient(on, {
      customHandler: ({ socketId, channelName }, done) => {
        call(authorisedBy.app, 'POST', '/api/pusher/auth', {
          as: caller,
          body: { socket_id: socketId, channel_name: channelName },
        }).then(
          (response) =>
            response.statusCode === 200
              ? done(null, response.json<{ auth: string }>())
              : done(new Error(`auth answered ${response.statusCode}`), null),
          (error: Error) => done(error, null),
        )
      },
    })
    sockets.push(socket)
    await reachState(socket, 'connected')
    return socket
  }

  it('accepts on B a subscription A signed, and delivers there the notice a buyer’s write on A made', async () => {
    const { a } = both
    const seller = await person(a, ['originator'], 'Sam', 'Seller')
    const buyer = await person(a, ['buyer'], 'Bea', 'Buyer')
    const deal = await createListing(a, seller, { streetAddress: '27 Twin Lane' })
    const socket = await socketOn(portB, a, seller)
    expect(await subscribe(socket, channelOf(seller))).toEqual({ ok: true })

    const arrived = nextEvent(socket.channel(channelOf(seller)), REALTIME_EVENTS.notification)
    await client(a.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer })
    expect(NotificationSchema.parse(await arrived)).toMatchObject({ type: 'offer_received', dealId: deal.id })
  })

  it('carries an event near the 10 KB limit (beyond a notification’s 8000 bytes) from A to B whole', async () => {
    const { a } = both
    const seller = await callerWith(a, ['originator'])
    const socket = await socketOn(portB, a, seller)
    expect(await subscribe(socket, channelOf(seller))).toEqual({ ok: true })

    const text = 'ñ'.repeat(4_500)
    const arrived = nextEvent(socket.channel(channelOf(seller)), 'big-event')
    expect(await a.app.realtime.trigger(channelOf(seller), 'big-event', { text })).toBe(true)
    expect(await arrived).toEqual({ text })
  })

  it('closes for good (4009) the socket on B of a user an admin deactivates on A, and B refuses their calls', async () => {
    const { a, b } = both
    const admin = await callerWith(a, ['admin'])
    const seller = await callerWith(a, ['originator'])
    expect((await call(b.app, 'GET', '/api/auth/me', { as: seller })).statusCode).toBe(200)
    const socket = await socketOn(portB, a, seller)
    expect(await subscribe(socket, channelOf(seller))).toEqual({ ok: true })
    const seen = recordEvents(socket)
    const refused = nextEvent<{ data: { code: number } }>(socket.connection, 'error')

    const body = { status: 'deactivated', reason: 'Test' }
    expect((await call(a.app, 'PATCH', `/api/admin/users/${seller.id}`, { as: admin, body })).statusCode).toBe(200)
    expect((await refused).data.code).toBe(4009)
    await reachState(socket, 'disconnected')
    const answer = await call(b.app, 'GET', '/api/auth/me', { as: seller })
    expect(answer.statusCode).toBe(403)
    expect(answer.json()).toMatchObject({ code: 'account_deactivated' })
    await a.app.realtime.trigger(channelOf(seller), 'after', { id: 'after' })
    expect(seen).toEqual([])
  })
})
