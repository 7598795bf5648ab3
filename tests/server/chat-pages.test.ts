import { describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { conversation, person } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { fakeClock, testAppForFile } from './identity-helpers'

describe('conversation pages: messages by id, threads by activity', () => {
  const clock = fakeClock()
  const t = testAppForFile({ clock })

  it('pages messages: the newest page oldest first, then older ones with `before`, without gaps', async () => {
    const { seller, buyer, thread } = await conversation(t, {}, 'm0')
    const params = { threadId: thread.threadId }
    for (let i = 1; i < 25; i++) {
      const writer = i % 2 ? seller : buyer
      await client(t.app, writer).ok(endpoints.sendMessage, { params, body: { message: `m${i}` } })
    }
    const newest = await client(t.app, buyer).ok(endpoints.listMessages, { params, query: { limit: 10 } })
    expect(newest.items.map((m) => m.body)).toEqual(Array.from({ length: 10 }, (_, i) => `m${15 + i}`))
    expect(newest.hasMore).toBe(true)

    const seen = [...newest.items]
    let page = newest
    while (page.hasMore) {
      page = await client(t.app, buyer).ok(endpoints.listMessages, {
        params,
        query: { limit: 10, before: seen[0]!.id },
      })
      seen.unshift(...page.items)
    }
    expect(seen.map((m) => m.body)).toEqual(Array.from({ length: 25 }, (_, i) => `m${i}`))
    expect(new Set(seen.map((m) => m.id)).size).toBe(25)
    const ids = seen.map((m) => m.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('catches up with `after`: every later message once, oldest first, `hasMore` until the end', async () => {
    const { seller, thread } = await conversation(t, {}, 'start')
    const params = { threadId: thread.threadId }
    const last = thread.lastMessage!.id
    for (let i = 0; i < 7; i++) {
      await client(t.app, seller).ok(endpoints.sendMessage, { params, body: { message: `late ${i}` } })
    }
    const first = await client(t.app, seller).ok(endpoints.listMessages, { params, query: { after: last, limit: 5 } })
    expect(first.hasMore).toBe(true)
    const rest = await client(t.app, seller).ok(endpoints.listMessages, {
      params,
      query: { after: first.items.at(-1)!.id, limit: 5 },
    })
    expect(rest.hasMore).toBe(false)
    expect([...first.items, ...rest.items].map((m) => m.body)).toEqual(Array.from({ length: 7 }, (_, i) => `late ${i}`))
    const none = await client(t.app, seller).ok(endpoints.listMessages, {
      params,
      query: { after: rest.items.at(-1)!.id },
    })
    expect(none).toEqual({ items: [], hasMore: false })
  })

  it('lists threads newest activity first, a page at a time by cursor, with unread counts per thread', async () => {
    const seller = await person(t, ['originator'])
    const buyers = [await person(t, ['buyer']), await person(t, ['buyer']), await person(t, ['buyer'])]
    const threads: string[] = []
    for (const buyer of buyers) {
      for (let n = 0; n < 2; n++) {
        const deal = await createListing(t, seller)
        clock.advance(1000)
        const thread = await client(t.app, buyer).ok(endpoints.startThread, {
          body: { dealId: deal.id, message: 'Hi' },
        })
        threads.push(thread.threadId)
      }
    }
    // The seller also buys: a thread of theirs as a buyer is in the same list.
    const otherSeller = await person(t, ['originator'])
    const theirDeal = await createListing(t, otherSeller)
    clock.advance(1000)
    threads.push(
      (await client(t.app, seller).ok(endpoints.startThread, { body: { dealId: theirDeal.id, message: 'Me too' } }))
        .threadId,
    )
    // New activity moves the oldest thread to the top.
    clock.advance(1000)
    await client(t.app, buyers[0]!).ok(endpoints.sendMessage, {
      params: { threadId: threads[0]! },
      body: { message: 'Still there?' },
    })
    const expected = [threads[0], ...threads.slice(1).reverse()]

    const seen: string[] = []
    const unread: number[] = []
    let cursor: string | undefined
    do {
      const page = await client(t.app, seller).ok(endpoints.listThreads, {
        query: { limit: 3, ...(cursor && { cursor }) },
      })
      seen.push(...page.items.map((item) => item.threadId))
      unread.push(...page.items.map((item) => item.unreadCount))
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    expect(seen).toEqual(expected)
    expect(unread).toEqual([2, 0, 1, 1, 1, 1, 1])
    // Each buyer sees only their own threads.
    const mine = await client(t.app, buyers[1]!).ok(endpoints.listThreads)
    expect(mine.items.map((item) => item.threadId)).toEqual([threads[3], threads[2]])
    expect(mine.nextCursor).toBeNull()
  })

  it('lists only the threads the caller has not read on one side, however far down they are', async () => {
    const seller = await person(t, ['originator'])
    const buyer = await person(t, ['buyer', 'originator'])
    // The buyer's oldest conversation gets an answer, then they write in four newer ones (all read by them).
    const first = await client(t.app, buyer).ok(endpoints.startThread, {
      body: { dealId: (await createListing(t, seller)).id, message: 'Hi' },
    })
    clock.advance(1000)
    await client(t.app, seller).ok(endpoints.sendMessage, {
      params: { threadId: first.threadId },
      body: { message: 'Yes, still available' },
    })
    for (let n = 0; n < 4; n++) {
      clock.advance(1000)
      await client(t.app, buyer).ok(endpoints.startThread, {
        body: { dealId: (await createListing(t, seller)).id, message: `Newer ${n}` },
      })
    }
    // As a seller, the same person has an unread question from someone else.
    const other = await person(t, ['buyer'])
    clock.advance(1000)
    const asSeller = await client(t.app, other).ok(endpoints.startThread, {
      body: { dealId: (await createListing(t, buyer)).id, message: 'Is it rented?' },
    })

    const newest = await client(t.app, buyer).ok(endpoints.listThreads, { query: { limit: 3 } })
    expect(newest.items.map((item) => item.threadId)).not.toContain(first.threadId)

    const unreadAsBuyer = await client(t.app, buyer).ok(endpoints.listThreads, {
      query: { side: 'buyer', unread: 'true', limit: 3 },
    })
    expect(unreadAsBuyer.items.map((item) => [item.threadId, item.viewerRole, item.unreadCount])).toEqual([
      [first.threadId, 'buyer', 1],
    ])
    expect(unreadAsBuyer.nextCursor).toBeNull()
    const unread = await client(t.app, buyer).ok(endpoints.listThreads, { query: { unread: 'true' } })
    expect(unread.items.map((item) => item.threadId)).toEqual([asSeller.threadId, first.threadId])
    const selling = await client(t.app, buyer).ok(endpoints.listThreads, { query: { side: 'seller' } })
    expect(selling.items.map((item) => item.threadId)).toEqual([asSeller.threadId])

    // Read, it leaves the unread list.
    await client(t.app, buyer).ok(endpoints.markThreadRead, { params: { threadId: first.threadId } })
    const after = await client(t.app, buyer).ok(endpoints.listThreads, { query: { side: 'buyer', unread: 'true' } })
    expect(after.items).toEqual([])
  })

  it('refuses a cursor it did not make (400)', async () => {
    const buyer = await person(t, ['buyer'])
    for (const cursor of ['garbage', Buffer.from('["x","y"]').toString('base64url')]) {
      const response = await client(t.app, buyer).send(endpoints.listThreads, { query: { cursor } })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'invalid_cursor' })
    }
  })
})
