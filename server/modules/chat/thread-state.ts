import type { FastifyInstance } from 'fastify'
import { REALTIME_EVENTS, type Thread } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { readAll } from '../../db/reads'
import { createNotification, markThreadNotificationsRead } from '../notifications/service'
import { peopleOf } from '../users/repository'
import { dealFacts, dealInfoFor } from './deal-summary'
import { pushChatEvents, type ChatPush } from './push'
import { describeThread } from './reads'
import { newestMessageId, updateThread } from './repository'
import { accessThread, displayName, type Author, type Viewer } from './thread-access'

/** A thread's state as its participants change it: blocked, unblocked, read. */

/** Blocks the thread for both sides; the other participant gets a thread_blocked notice and event. Again is a no-op. */
export async function blockThread(app: FastifyInstance, viewer: Author, threadId: string): Promise<Thread> {
  const { thread, pushes } = await app.db.transaction(async (tx) => {
    const { thread, role } = await accessThread(tx, threadId, viewer, { lock: true, write: true })
    if (thread.blockedBy) return { thread, pushes: [] }
    const at = app.now()
    const updated = await updateThread(tx, thread.id, { blockedBy: viewer.id, blockedAt: at })
    const recipientId = role === 'buyer' ? thread.sellerId : thread.buyerId
    const [deals, people] = await readAll(tx, [
      () => dealFacts(tx, thread.dealId ? [thread.dealId] : []),
      () => peopleOf(tx, [recipientId]),
    ])
    const deal = thread.dealId ? deals.get(thread.dealId) : undefined
    const senderName = displayName(viewer)
    await createNotification(tx, {
      userId: recipientId,
      type: 'thread_blocked',
      title: senderName,
      message: '',
      senderName: senderName || null,
      dealId: thread.dealId,
      threadId: thread.id,
      dealInfo: deal ? dealInfoFor(deal, { id: recipientId, roles: people.get(recipientId)?.roles ?? [] }) : null,
      createdAt: at,
    })
    const push: ChatPush = {
      userId: recipientId,
      event: REALTIME_EVENTS.threadBlocked,
      data: { threadId: thread.id, blocked: true },
    }
    return { thread: updated, pushes: [push] }
  })
  await pushChatEvents(app, pushes)
  return describeThread(app.db, thread, viewer)
}

/** Only the participant who blocked the thread may unblock it (403 otherwise); an open thread stays open. */
export async function unblockThread(app: FastifyInstance, viewer: Viewer, threadId: string): Promise<Thread> {
  const { thread, pushes } = await app.db.transaction(async (tx) => {
    const { thread, role } = await accessThread(tx, threadId, viewer, { lock: true, write: true })
    if (!thread.blockedBy) return { thread, pushes: [] }
    if (thread.blockedBy !== viewer.id) throw new AppError(403, 'not_blocker', 'onlyBlockerUnblocks')
    const updated = await updateThread(tx, thread.id, { blockedBy: null, blockedAt: null })
    const recipientId = role === 'buyer' ? thread.sellerId : thread.buyerId
    const push: ChatPush = {
      userId: recipientId,
      event: REALTIME_EVENTS.threadBlocked,
      data: { threadId: thread.id, blocked: false },
    }
    return { thread: updated, pushes: [push] }
  })
  await pushChatEvents(app, pushes)
  return describeThread(app.db, thread, viewer)
}

/** The participant has read the thread up to its newest message, and its notices. */
export async function markThreadRead(app: FastifyInstance, viewer: Viewer, threadId: string): Promise<Thread> {
  const thread = await app.db.transaction(async (tx) => {
    const { thread, role } = await accessThread(tx, threadId, viewer, { lock: true, write: true })
    const newest = await newestMessageId(tx, thread.id)
    const updated = await updateThread(
      tx,
      thread.id,
      role === 'buyer' ? { buyerLastReadId: newest } : { sellerLastReadId: newest },
    )
    await markThreadNotificationsRead(tx, viewer.id, thread.id, app.now())
    return updated
  })
  return describeThread(app.db, thread, viewer)
}
