import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { endpoints, type Thread } from '../../src/contract'
import { chatThreads } from '../../server/db/schema'
import { conversation, person } from './chat-helpers'
import { client } from './contract-client'
import { createListing, setDealStatus } from './deals-helpers'
import { testAppForFile } from './identity-helpers'

describe('conversations: who may start, read and write', () => {
  const t = testAppForFile()
  const threadOf = (thread: Thread) => ({ params: { threadId: thread.threadId } })

  it('starts a thread between the buyer and the seller, with the first message', async () => {
    const { seller, buyer, deal, thread } = await conversation(t)
    expect(thread).toMatchObject({
      deal: { id: deal.id, streetAddress: deal.streetAddress, addressHidden: false, city: 'Phoenix' },
      buyer: { id: buyer.id, name: 'Bea Buyer' },
      seller: { id: seller.id, name: 'Sam Seller' },
      viewerRole: 'buyer',
      lastMessage: { body: 'Is it still available?', senderId: buyer.id },
      unreadCount: 0,
      blocked: false,
    })
    const seen = await client(t.app, seller).ok(endpoints.getThread, threadOf(thread))
    expect(seen).toMatchObject({ viewerRole: 'seller', unreadCount: 1 })
  })

  it('lets the participants, admins and owners read a thread; anyone else gets 404', async () => {
    const { seller, buyer, thread } = await conversation(t)
    const [stranger, originator, admin, owner] = [
      await person(t, ['buyer']),
      await person(t, ['originator']),
      await person(t, ['admin']),
      await person(t, ['owner']),
    ]
    for (const reader of [seller, buyer]) {
      expect((await client(t.app, reader).send(endpoints.getThread, threadOf(thread))).statusCode).toBe(200)
      expect((await client(t.app, reader).send(endpoints.listMessages, threadOf(thread))).statusCode).toBe(200)
    }
    for (const outsider of [stranger, originator]) {
      for (const endpoint of [endpoints.getThread, endpoints.listMessages]) {
        const response = await client(t.app, outsider).send(endpoint, threadOf(thread))
        expect(response.statusCode).toBe(404)
        expect(response.json()).toMatchObject({ code: 'thread_not_found', message: 'Conversation not found' })
      }
      const writes = [
        client(t.app, outsider).send(endpoints.sendMessage, { ...threadOf(thread), body: { message: 'hi' } }),
        client(t.app, outsider).send(endpoints.blockThread, threadOf(thread)),
        client(t.app, outsider).send(endpoints.unblockThread, threadOf(thread)),
        client(t.app, outsider).send(endpoints.markThreadRead, threadOf(thread)),
      ]
      for (const response of await Promise.all(writes)) expect(response.statusCode).toBe(404)
    }
    for (const observer of [admin, owner]) {
      const seen = await client(t.app, observer).ok(endpoints.getThread, threadOf(thread))
      expect(seen).toMatchObject({ viewerRole: 'observer', unreadCount: 0 })
      const messages = await client(t.app, observer).ok(endpoints.listMessages, threadOf(thread))
      expect(messages.items.map((message) => message.body)).toEqual(['Is it still available?'])
      // An observer reads but never writes.
      const writes = [
        client(t.app, observer).send(endpoints.sendMessage, { ...threadOf(thread), body: { message: 'hi' } }),
        client(t.app, observer).send(endpoints.blockThread, threadOf(thread)),
        client(t.app, observer).send(endpoints.markThreadRead, threadOf(thread)),
      ]
      for (const response of await Promise.all(writes)) expect(response.statusCode).toBe(403)
    }
    const after = await client(t.app, buyer).ok(endpoints.listMessages, threadOf(thread))
    expect(after.items).toHaveLength(1)
  })

  it('answers 404 for a thread id that does not exist or is not an id', async () => {
    const admin = await person(t, ['admin'])
    for (const threadId of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await client(t.app, admin).send(endpoints.getThread, { params: { threadId } })
      expect(response.statusCode).toBe(404)
    }
  })

  it('refuses the seller a thread about their own deal (409 own_deal)', async () => {
    const seller = await person(t, ['originator'])
    const deal = await createListing(t, seller)
    const response = await client(t.app, seller).send(endpoints.startThread, {
      body: { dealId: deal.id, message: 'Me?' },
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ code: 'own_deal' })
  })

  it('answers 404 for a deleted or unknown deal', async () => {
    const seller = await person(t, ['originator'])
    const buyer = await person(t, ['buyer'])
    const deal = await createListing(t, seller)
    await setDealStatus(t, deal.id, 'deleted')
    for (const dealId of [deal.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await client(t.app, buyer).send(endpoints.startThread, { body: { dealId, message: 'Hello' } })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ code: 'listing_not_found' })
    }
  })

  it('keeps one thread per buyer and deal: starting again continues it, also when two starts race', async () => {
    const { seller, buyer, deal, thread } = await conversation(t)
    const again = await client(t.app, buyer).ok(endpoints.startThread, { body: { dealId: deal.id, message: 'Second' } })
    expect(again.threadId).toBe(thread.threadId)
    expect(again.lastMessage?.body).toBe('Second')

    const other = await person(t, ['buyer'])
    const deal2 = await createListing(t, seller)
    const raced = await Promise.all(
      ['one', 'two', 'three'].map((message) =>
        client(t.app, other).ok(endpoints.startThread, { body: { dealId: deal2.id, message } }),
      ),
    )
    expect(new Set(raced.map((answer) => answer.threadId)).size).toBe(1)
    const rows = await t.db.select().from(chatThreads).where(eq(chatThreads.dealId, deal2.id))
    expect(rows).toHaveLength(1)
    const messages = await client(t.app, other).ok(endpoints.listMessages, { params: { threadId: rows[0]!.id } })
    expect(messages.items.map((message) => message.body).sort()).toEqual(['one', 'three', 'two'])
    // The seller got one new_thread notice and two new_message notices for it.
    const bell = await client(t.app, seller).ok(endpoints.notifications)
    const aboutRace = bell.notifications.filter((notice) => notice.threadId === rows[0]!.id)
    expect(aboutRace.map((notice) => notice.type).sort()).toEqual(['new_message', 'new_message', 'new_thread'])
  })

  it('trims messages and refuses empty or too long ones with field messages in English and Spanish', async () => {
    const { buyer, deal, thread } = await conversation(t)
    const sent = await client(t.app, buyer).ok(endpoints.sendMessage, {
      ...threadOf(thread),
      body: { message: '  <b>plain</b> text  \n' },
    })
    expect(sent.body).toBe('<b>plain</b> text')
    const longest = 'x'.repeat(2000)
    expect(
      (
        await client(t.app, buyer).ok(endpoints.sendMessage, {
          ...threadOf(thread),
          body: { message: `  ${longest} ` },
        })
      ).body,
    ).toBe(longest)

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
        const headers = { 'accept-language': language }
        const send = await client(t.app, buyer).send(endpoints.sendMessage, {
          ...threadOf(thread),
          body: { message },
          headers,
        })
        expect(send.statusCode).toBe(400)
        expect(send.json()).toMatchObject({ fields: { message: text } })
        const start = await client(t.app, buyer).send(endpoints.startThread, {
          body: { dealId: deal.id, message },
          headers,
        })
        expect(start.statusCode).toBe(400)
        expect(start.json()).toMatchObject({ fields: { message: text } })
      }
    }
    const messages = await client(t.app, buyer).ok(endpoints.listMessages, threadOf(thread))
    expect(messages.items).toHaveLength(3)
  })

  it('blocks a thread for both sides (409 in English and Spanish); only the blocker unblocks', async () => {
    const { seller, buyer, deal, thread } = await conversation(t)
    const blocked = await client(t.app, seller).ok(endpoints.blockThread, threadOf(thread))
    expect(blocked).toMatchObject({ blocked: true, blockedByViewer: true })
    expect(await client(t.app, buyer).ok(endpoints.getThread, threadOf(thread))).toMatchObject({
      blocked: true,
      blockedByViewer: false,
    })

    for (const writer of [seller, buyer]) {
      const response = await client(t.app, writer).send(endpoints.sendMessage, {
        ...threadOf(thread),
        body: { message: 'Hi' },
      })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ code: 'thread_blocked', message: 'Conversation blocked' })
    }
    const start = await client(t.app, buyer).send(endpoints.startThread, {
      body: { dealId: deal.id, message: 'Hi again' },
      headers: { 'accept-language': 'es' },
    })
    expect(start.statusCode).toBe(409)
    expect(start.json()).toMatchObject({ code: 'thread_blocked', message: 'Conversación bloqueada' })

    const byOther = await client(t.app, buyer).send(endpoints.unblockThread, threadOf(thread))
    expect(byOther.statusCode).toBe(403)
    expect(byOther.json()).toMatchObject({ code: 'not_blocker' })
    // Blocking again changes nothing: the seller stays the one who may unblock.
    expect(await client(t.app, buyer).ok(endpoints.blockThread, threadOf(thread))).toMatchObject({
      blockedByViewer: false,
    })

    expect(await client(t.app, seller).ok(endpoints.unblockThread, threadOf(thread))).toMatchObject({ blocked: false })
    await client(t.app, buyer).ok(endpoints.sendMessage, { ...threadOf(thread), body: { message: 'Thanks' } })
    const messages = await client(t.app, seller).ok(endpoints.listMessages, threadOf(thread))
    expect(messages.items.map((message) => message.body)).toEqual(['Is it still available?', 'Thanks'])
  })

  it('notifies the other participant of each event with the right deal info', async () => {
    const { seller, buyer, deal, thread } = await conversation(t, {}, 'First words')
    const sellerBell = await client(t.app, seller).ok(endpoints.notifications)
    expect(sellerBell.unreadCount).toBe(1)
    expect(sellerBell.notifications[0]).toMatchObject({
      type: 'new_thread',
      threadId: thread.threadId,
      senderName: 'Bea Buyer',
      message: 'First words',
      readAt: null,
      dealInfo: { address: deal.streetAddress, hideAddress: false, city: 'Phoenix', state: 'AZ', zip: '85001' },
    })
    // The sender is not told of their own message.
    expect((await client(t.app, buyer).ok(endpoints.notifications)).unreadCount).toBe(0)

    await client(t.app, seller).ok(endpoints.sendMessage, { ...threadOf(thread), body: { message: 'Yes it is' } })
    await client(t.app, buyer).ok(endpoints.blockThread, threadOf(thread))
    const buyerBell = await client(t.app, buyer).ok(endpoints.notifications)
    expect(buyerBell.notifications).toEqual([
      expect.objectContaining({ type: 'new_message', senderName: 'Sam Seller', message: 'Yes it is' }),
    ])
    const sellerAfter = await client(t.app, seller).ok(endpoints.notifications)
    expect(sellerAfter.notifications.map((notice) => notice.type)).toEqual(['thread_blocked', 'new_thread'])
    expect(sellerAfter.notifications[0]).toMatchObject({ threadId: thread.threadId, senderName: 'Bea Buyer' })
  })

  it('hides a hidden street from the buyer (thread and notices) but not from the seller or an admin', async () => {
    const { seller, buyer, deal, thread } = await conversation(t, { hideAddress: true })
    expect(thread.deal).toMatchObject({ streetAddress: null, addressHidden: true, city: 'Phoenix', zipCode: '85001' })
    const sellerView = await client(t.app, seller).ok(endpoints.getThread, threadOf(thread))
    expect(sellerView.deal).toMatchObject({ streetAddress: deal.streetAddress, addressHidden: false })
    const admin = await person(t, ['admin'])
    expect((await client(t.app, admin).ok(endpoints.getThread, threadOf(thread))).deal?.streetAddress).toBe(
      deal.streetAddress,
    )

    await client(t.app, seller).ok(endpoints.sendMessage, { ...threadOf(thread), body: { message: 'Hello' } })
    const [buyerNotice] = (await client(t.app, buyer).ok(endpoints.notifications)).notifications
    expect(buyerNotice?.dealInfo).toEqual({
      address: null,
      hideAddress: true,
      city: 'Phoenix',
      state: 'AZ',
      zip: '85001',
    })
    const [sellerNotice] = (await client(t.app, seller).ok(endpoints.notifications)).notifications
    expect(sellerNotice?.dealInfo).toMatchObject({ address: deal.streetAddress, hideAddress: true })
    const list = await client(t.app, buyer).ok(endpoints.listThreads)
    expect(list.items[0]?.deal?.streetAddress).toBeNull()
  })

  it('marks a thread read: unread counts drop to 0 and its notices leave the bell', async () => {
    const { seller, buyer, thread } = await conversation(t)
    await client(t.app, buyer).ok(endpoints.sendMessage, { ...threadOf(thread), body: { message: 'Two' } })
    expect((await client(t.app, seller).ok(endpoints.getThread, threadOf(thread))).unreadCount).toBe(2)
    expect((await client(t.app, seller).ok(endpoints.notifications)).unreadCount).toBe(2)

    const read = await client(t.app, seller).ok(endpoints.markThreadRead, threadOf(thread))
    expect(read.unreadCount).toBe(0)
    expect(await client(t.app, seller).ok(endpoints.notifications)).toEqual({ notifications: [], unreadCount: 0 })

    // Replying reads the thread for the one who replies; the other side now has one unread.
    await client(t.app, buyer).ok(endpoints.sendMessage, { ...threadOf(thread), body: { message: 'Three' } })
    await client(t.app, seller).ok(endpoints.sendMessage, { ...threadOf(thread), body: { message: 'Answer' } })
    expect((await client(t.app, seller).ok(endpoints.getThread, threadOf(thread))).unreadCount).toBe(0)
    expect((await client(t.app, buyer).ok(endpoints.getThread, threadOf(thread))).unreadCount).toBe(1)
  })

  it("marks one notification read, and answers 404 for someone else's", async () => {
    const { seller, buyer } = await conversation(t)
    const [notice] = (await client(t.app, seller).ok(endpoints.notifications)).notifications
    const params = { notificationId: notice!.notificationId }
    const theirs = await client(t.app, buyer).send(endpoints.markNotificationRead, { params })
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toMatchObject({ code: 'notification_not_found' })
    expect(
      (await client(t.app, buyer).send(endpoints.markNotificationRead, { params: { notificationId: 'x' } })).statusCode,
    ).toBe(404)
    const read = await client(t.app, seller).ok(endpoints.markNotificationRead, { params })
    expect(read.readAt).not.toBeNull()
    expect((await client(t.app, seller).ok(endpoints.notifications)).unreadCount).toBe(0)
  })
})
