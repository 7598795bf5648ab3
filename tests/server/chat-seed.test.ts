import { describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { DEMO_PASSWORD } from '../../server/modules/seed/demo-accounts'
import { seedDemo } from '../../server/modules/seed/service'
import { client } from './contract-client'
import { bearer, signIn, testAppForFile } from './identity-helpers'

describe('the demo conversation', () => {
  const t = testAppForFile()

  it("gives the demo buyer and seller a conversation, once, with an unread answer in the buyer's bell", async () => {
    await seedDemo(t.app)
    await seedDemo(t.app)
    const as = async (email: string) => ({ headers: bearer((await signIn(t.app, email, DEMO_PASSWORD)).idToken) })
    const [buyer, seller] = [await as('buyer@demo.test'), await as('seller@demo.test')]

    const threads = await client(t.app, buyer).ok(endpoints.listThreads)
    expect(threads.items).toHaveLength(1)
    const [thread] = threads.items
    expect(thread).toMatchObject({ viewerRole: 'buyer', unreadCount: 1, blocked: false })
    expect(thread!.seller.name).not.toBe('')
    const messages = await client(t.app, seller).ok(endpoints.listMessages, { params: { threadId: thread!.threadId } })
    expect(messages.items.map((message) => message.senderId)).toEqual([thread!.buyer.id, thread!.seller.id])

    const bell = await client(t.app, buyer).ok(endpoints.notifications)
    expect(bell.notifications).toEqual([
      expect.objectContaining({ type: 'new_message', threadId: thread!.threadId, senderName: thread!.seller.name }),
    ])
  })
})
