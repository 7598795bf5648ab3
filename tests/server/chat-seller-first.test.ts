import type Pusher from 'pusher-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, NewThreadEventSchema, type OfferInput } from '../../src/contract'
import { dealInterests } from '../../server/db/schema'
import { callerWith, type Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { client } from './contract-client'
import { createListing, setDealStatus } from './deals-helpers'
import { testAppForFile } from './identity-helpers'
import { listen, nextEvent, pusherClient, reachState, subscribe } from './realtime-helpers'

const offer = { type: 'cash', purchasePrice: 240000, closeOfEscrowDate: '2099-06-30' } as OfferInput
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

describe('the seller writes first: POST /api/deals/:id/buyers/:buyerId/thread', () => {
  const t = testAppForFile()

  /** A seller, a listing of theirs and a buyer who made an offer on it (no conversation yet). */
  async function offered() {
    const seller = await person(t, ['originator'], 'Sam', 'Seller')
    const buyer = await person(t, ['buyer'], 'Bea', 'Buyer')
    const deal = await createListing(t, seller)
    await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: offer })
    return { seller, buyer, deal }
  }

  const write = (as: Caller, dealId: string, buyerId: string, message: string, language = 'en') =>
    client(t.app, as).send(endpoints.messageBuyer, {
      params: { id: dealId, buyerId },
      body: { message },
      headers: { 'accept-language': language },
    })

  it('starts the conversation with a buyer who offered: the buyer is told and can answer', async () => {
    const { seller, buyer, deal } = await offered()
    const before = await client(t.app, seller).ok(endpoints.listOffers, { params: { id: deal.id } })
    expect(before.map((row) => row.threadId)).toEqual([null])

    const thread = await client(t.app, seller).ok(endpoints.messageBuyer, {
      params: { id: deal.id, buyerId: buyer.id },
      body: { message: '  Thanks for your offer. Can you share proof of funds?  ' },
    })
    expect(thread).toMatchObject({
      deal: { id: deal.id },
      buyer: { id: buyer.id, name: 'Bea Buyer' },
      seller: { id: seller.id, name: 'Sam Seller' },
      viewerRole: 'seller',
      lastMessage: { senderId: seller.id, body: 'Thanks for your offer. Can you share proof of funds?' },
      unreadCount: 0,
      blocked: false,
    })

    const bell = await client(t.app, buyer).ok(endpoints.notifications)
    expect(bell.notifications.filter((notice) => notice.threadId === thread.threadId)).toEqual([
      expect.objectContaining({
        type: 'new_thread',
        senderName: 'Sam Seller',
        message: 'Thanks for your offer. Can you share proof of funds?',
        dealId: deal.id,
      }),
    ])
    const seen = await client(t.app, buyer).ok(endpoints.getThread, { params: { threadId: thread.threadId } })
    expect(seen).toMatchObject({ viewerRole: 'buyer', unreadCount: 1 })
    await client(t.app, buyer).ok(endpoints.sendMessage, {
      params: { threadId: thread.threadId },
      body: { message: 'Sure, sending it today.' },
    })
    const messages = await client(t.app, seller).ok(endpoints.listMessages, { params: { threadId: thread.threadId } })
    expect(messages.items.map((message) => [message.senderId, message.body])).toEqual([
      [seller.id, 'Thanks for your offer. Can you share proof of funds?'],
      [buyer.id, 'Sure, sending it today.'],
    ])

    const after = await client(t.app, seller).ok(endpoints.listOffers, { params: { id: deal.id } })
    expect(after.map((row) => row.threadId)).toEqual([thread.threadId])
  })

  describe("on the buyer's socket", () => {
    let port = 0
    let socket: Pusher | undefined
    beforeAll(async () => {
      port = await listen(t.app)
    })
    afterAll(() => socket?.disconnect())

    it('tells the buyer of the new thread after the commit', async () => {
      const { seller, buyer, deal } = await offered()
      socket = pusherClient(port, { token: buyer.tokens.idToken })
      await reachState(socket, 'connected')
      const channel = `private-user-${buyer.id}`
      expect(await subscribe(socket, channel)).toEqual({ ok: true })
      const arrived = nextEvent(socket.channel(channel), 'new-thread')
      const thread = await client(t.app, seller).ok(endpoints.messageBuyer, {
        params: { id: deal.id, buyerId: buyer.id },
        body: { message: 'Hello from the seller' },
      })
      expect(NewThreadEventSchema.parse(await arrived)).toEqual({
        message: 'Hello from the seller',
        thread: { threadId: thread.threadId },
      })
    })
  })

  it('adds to the conversation that exists (one per buyer and listing); the buyer gets new_message', async () => {
    const { seller, buyer, deal } = await offered()
    const started = await client(t.app, buyer).ok(endpoints.startThread, {
      body: { dealId: deal.id, message: 'Did you see my offer?' },
    })
    const thread = await client(t.app, seller).ok(endpoints.messageBuyer, {
      params: { id: deal.id, buyerId: buyer.id },
      body: { message: 'Yes, reviewing it now.' },
    })
    expect(thread.threadId).toBe(started.threadId)
    const messages = await client(t.app, buyer).ok(endpoints.listMessages, { params: { threadId: thread.threadId } })
    expect(messages.items.map((message) => message.body)).toEqual(['Did you see my offer?', 'Yes, reviewing it now.'])
    const bell = await client(t.app, buyer).ok(endpoints.notifications)
    expect(bell.notifications.find((notice) => notice.threadId === thread.threadId)).toMatchObject({
      type: 'new_message',
      message: 'Yes, reviewing it now.',
    })
  })

  it('reaches a buyer whose offer was withdrawn, and one who only expressed interest', async () => {
    const { seller, buyer, deal } = await offered()
    const [mine] = await client(t.app, buyer).ok(endpoints.myOffers, { query: { dealId: deal.id } })
    await client(t.app, buyer).ok(endpoints.withdrawOffer, { params: { offerId: mine!.id } })
    expect((await write(seller, deal.id, buyer.id, 'Still interested?')).statusCode).toBe(200)

    // An interest recorded without a conversation (e.g. one that came before conversations existed).
    const interested = await person(t, ['buyer'], 'Ida', 'Interested')
    await t.db.insert(dealInterests).values({
      dealId: deal.id,
      buyerId: interested.id,
      name: 'Ida Interested',
      phone: '6025550142',
      message: 'Please call me.',
    })
    const answer = await write(seller, deal.id, interested.id, 'Happy to talk.')
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ buyer: { id: interested.id }, lastMessage: { body: 'Happy to talk.' } })
  })

  it("refuses anyone but the listing's own seller with 403, admins and owners included", async () => {
    const { buyer, deal } = await offered()
    const [otherSeller, admin, owner] = await Promise.all([
      person(t, ['originator'], 'Olga', 'Other'),
      callerWith(t, ['admin']),
      callerWith(t, ['owner']),
    ])
    for (const caller of [otherSeller, admin, owner, buyer]) {
      const answer = await write(caller, deal.id, buyer.id, 'Hello')
      expect(answer.statusCode).toBe(403)
      expect(answer.json()).toMatchObject({
        code: 'not_listing_seller',
        message: "Only this listing's seller can message its buyers.",
      })
    }
    const spanish = await write(admin, deal.id, buyer.id, 'Hola', 'es')
    expect(spanish.json()).toMatchObject({
      message: 'Solo el vendedor de esta propiedad puede escribir a sus compradores.',
    })
    expect(
      (
        await client(t.app).send(endpoints.messageBuyer, {
          params: { id: deal.id, buyerId: buyer.id },
          body: { message: 'Hi' },
        })
      ).statusCode,
    ).toBe(401)
    const threads = await client(t.app, buyer).ok(endpoints.listThreads)
    expect(threads.items.filter((thread) => thread.deal?.id === deal.id)).toEqual([])
  })

  it('answers 404 for a user with no interest or offer, an unknown user, and an unknown or deleted listing', async () => {
    const { seller, buyer, deal } = await offered()
    const stranger = await person(t, ['buyer'], 'Cole', 'Cold')
    for (const buyerId of [stranger.id, UNKNOWN, 'not-an-id', seller.id]) {
      const answer = await write(seller, deal.id, buyerId, 'Want to buy?')
      expect(answer.statusCode).toBe(404)
      expect(answer.json()).toMatchObject({
        code: 'buyer_not_engaged',
        message: 'This person has neither expressed interest in nor made an offer on this listing.',
      })
    }
    expect((await write(seller, deal.id, stranger.id, 'Hola', 'es')).json()).toMatchObject({
      message: 'Esta persona no ha mostrado interés ni ha hecho una oferta en esta propiedad.',
    })
    expect((await client(t.app, stranger).ok(endpoints.listThreads)).items).toEqual([])
    expect((await write(seller, UNKNOWN, buyer.id, 'Hi')).statusCode).toBe(404)
    await setDealStatus(t, deal.id, 'deleted')
    const deleted = await write(seller, deal.id, buyer.id, 'Hi')
    expect(deleted.statusCode).toBe(404)
    expect(deleted.json()).toMatchObject({ code: 'listing_not_found' })
  })

  it('answers 409 thread_blocked when the conversation is blocked, and writes nothing', async () => {
    const { seller, buyer, deal } = await offered()
    const thread = await client(t.app, seller).ok(endpoints.messageBuyer, {
      params: { id: deal.id, buyerId: buyer.id },
      body: { message: 'First' },
    })
    await client(t.app, buyer).ok(endpoints.blockThread, { params: { threadId: thread.threadId } })
    const answer = await write(seller, deal.id, buyer.id, 'Second')
    expect(answer.statusCode).toBe(409)
    expect(answer.json()).toMatchObject({ code: 'thread_blocked', message: 'Conversation blocked' })
    const messages = await client(t.app, buyer).ok(endpoints.listMessages, { params: { threadId: thread.threadId } })
    expect(messages.items.map((message) => message.body)).toEqual(['First'])
  })

  it('answers 400 for an empty or too-long message, with the field message in the caller’s language', async () => {
    const { seller, buyer, deal } = await offered()
    const cases = [
      { message: '   \n ', en: 'Type a message before sending.', es: 'Escribe un mensaje antes de enviarlo.' },
      {
        message: 'y'.repeat(2001),
        en: 'A message can be at most 2,000 characters.',
        es: 'Un mensaje puede tener como máximo 2000 caracteres.',
      },
    ]
    for (const { message, en, es } of cases) {
      for (const [language, text] of [
        ['en', en],
        ['es', es],
      ] as const) {
        const answer = await write(seller, deal.id, buyer.id, message, language)
        expect(answer.statusCode).toBe(400)
        expect(answer.json()).toMatchObject({ fields: { message: text } })
      }
    }
    expect((await client(t.app, buyer).ok(endpoints.listThreads)).items).toEqual([])
    expect((await write(seller, deal.id, buyer.id, 'y'.repeat(2000))).statusCode).toBe(200)
  })
})
