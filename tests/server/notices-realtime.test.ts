import type Pusher from 'pusher-js'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, NotificationSchema, REALTIME_EVENTS, type OfferInput } from '../../src/contract'
import { createNotification } from '../../server/modules/notifications/service'
import type { Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { testAppForFile } from './identity-helpers'
import { listen, nextEvent, pusherClient, reachState, recordEvents, roundTrip, subscribe } from './realtime-helpers'

/*
 * Issue 22 item 12: every notice is pushed to its recipient's private channel as a `notification` event (the
 * notice as the bell lists it) once the write that made it has committed, and never for a write rolled back.
 */

const channelOf = (caller: Caller) => `private-user-${caller.id}`
const cashOffer = { type: 'cash', purchasePrice: 240000, closeOfEscrowDate: '2099-06-30' } as OfferInput

describe('notices on the embedded socket (pusher-js)', () => {
  const t = testAppForFile()
  let port = 0
  const sockets: Pusher[] = []
  beforeAll(async () => {
    port = await listen(t.app)
  })
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect()
  })

  async function socketOf(caller: Caller) {
    const socket = pusherClient(port, { token: caller.tokens.idToken })
    sockets.push(socket)
    await reachState(socket, 'connected')
    expect(await subscribe(socket, channelOf(caller))).toEqual({ ok: true })
    return socket
  }

  it("pushes a new offer's notice to the seller's socket, as the bell lists it", async () => {
    const seller = await person(t, ['originator'], 'Sam', 'Seller')
    const buyer = await person(t, ['buyer'], 'Bea', 'Buyer')
    const deal = await createListing(t, seller, { streetAddress: '12 Push Lane' })
    const socket = await socketOf(seller)
    const arrived = nextEvent(socket.channel(channelOf(seller)), REALTIME_EVENTS.notification)
    await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer })

    const event = NotificationSchema.parse(await arrived)
    const { notifications } = await client(t.app, seller).ok(endpoints.notifications)
    expect(event).toEqual(notifications.find((notice) => notice.type === 'offer_received'))
    expect(event).toMatchObject({
      type: 'offer_received',
      dealId: deal.id,
      message: 'Bea Buyer made a cash offer of $240,000 on 12 Push Lane, Phoenix, AZ 85001.',
      readAt: null,
    })
  })

  it("pushes a decline to the buyer's socket, and nothing to anyone else's", async () => {
    const seller = await person(t, ['originator'], 'Sam', 'Seller')
    const buyer = await person(t, ['buyer'], 'Dana', 'Declined')
    const stranger = await person(t, ['buyer'], 'Stan', 'Stranger')
    const deal = await createListing(t, seller)
    const offer = await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer })
    const [buyerSocket, strangerSocket] = [await socketOf(buyer), await socketOf(stranger)]
    const strangerSeen = recordEvents(strangerSocket)
    const arrived = nextEvent(buyerSocket.channel(channelOf(buyer)), REALTIME_EVENTS.notification)
    await client(t.app, seller).ok(endpoints.declineOffer, { params: { offerId: offer.id } })

    expect(NotificationSchema.parse(await arrived)).toMatchObject({ type: 'offer_declined', dealId: deal.id })
    await roundTrip(strangerSocket)
    expect(strangerSeen).toEqual([])
  })

  it('pushes a chat notice too: interest in a listing reaches its seller as a notice about it', async () => {
    const seller = await person(t, ['originator'], 'Sam', 'Seller')
    const buyer = await person(t, ['buyer'], 'Ivy', 'Interested')
    const deal = await createListing(t, seller)
    const socket = await socketOf(seller)
    const arrived = nextEvent(socket.channel(channelOf(seller)), REALTIME_EVENTS.notification)
    await client(t.app, buyer).ok(endpoints.expressInterest, {
      params: { id: deal.id },
      body: { message: 'Still available?', name: 'Ivy Interested', phone: '(602) 555-0100' },
    })
    expect(NotificationSchema.parse(await arrived)).toMatchObject({ type: 'new_thread', dealId: deal.id })
  })

  it('pushes nothing for a notice whose write is rolled back, and a notice written outside a transaction at once', async () => {
    const user = await person(t, ['originator'])
    const socket = await socketOf(user)
    const seen = recordEvents(socket)
    const notice = { userId: user.id, type: 'offer_received', title: '', message: 'Rolled back' } as const
    await expect(
      t.db.transaction(async (tx) => {
        await createNotification(tx, { ...notice, createdAt: t.app.now() })
        throw new Error('the write fails after its notice')
      }),
    ).rejects.toThrow('the write fails after its notice')
    await roundTrip(socket)
    expect(seen).toEqual([])

    const arrived = nextEvent(socket.channel(channelOf(user)), REALTIME_EVENTS.notification)
    await createNotification(t.db, { ...notice, message: 'Committed', createdAt: t.app.now() })
    expect(NotificationSchema.parse(await arrived).message).toBe('Committed')
  })
})
