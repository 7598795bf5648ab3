import type { FastifyInstance } from 'fastify'
import { MESSAGE_MAX_LENGTH, REALTIME_EVENTS, type Message, type Thread } from '../../../src/contract'
import type { Database } from '../../db/client'
import { AppError } from '../../http/errors'
import { readAll } from '../../db/reads'
import { findLiveDeal } from '../deals/repository'
import { createNotification } from '../notifications/service'
import { peopleOf } from '../users/repository'
import { dealFacts, dealInfoFor } from './deal-summary'
import { pushChatEvents, type ChatPush } from './push'
import { describeThread, toMessage } from './reads'
import { findThread, insertMessage, upsertThread, type MessageRow, type ThreadRow } from './repository'
import { accessThread, displayName, preview, threadBlocked, threadNotFound, type Author } from './thread-access'

/**
 * Conversations about deals (issue 10), their messages: a thread is between a buyer and the deal's seller. Its two
 * participants read and write it; admins and owners may read it as observers; for anyone else it does not
 * exist (404; thread-access.ts). Reads are in reads.ts, block/unblock/read in thread-state.ts. Every write and the notice it causes share one transaction; realtime pushes follow the commit
 * and never fail the request (Pusher keeps no history: clients catch up by message id).
 */

export { displayName, preview, PREVIEW_LENGTH, type Author, type ViewerRole } from './thread-access'
export { pushChatEvents, type ChatPush } from './push'
export { getThread, listMessages, listThreads, toMessage } from './reads'

export type StartThreadInput = {
  dealId: string
  /** The first (or next) message, plain text; trimmed here. */
  message: string
  /**
   * What to do when the buyer's thread about this deal is blocked: `refuse` (409 thread_blocked, the
   * default) or `skip` (nothing is written; the answer is null), e.g. for an interest that must not fail.
   */
  ifBlocked?: 'refuse' | 'skip'
}

export type StartedThread = { thread: ThreadRow; message: MessageRow; created: boolean; pushes: ChatPush[] }

/**
 * Starts the buyer's conversation with the deal's seller with `message`, or adds `message` to the one they
 * have, inside the caller's transaction `tx` (with the other side's notice: new_thread or new_message). The
 * message is the buyer's unless `from` is the deal's seller (e.g. the note of an accepted offer). 404
 * when the listing does not exist or was deleted, 409 own_deal for its seller, 409 thread_blocked when
 * blocked. After `tx` commits, hand the answer's `pushes` to `pushChatEvents`.
 */
export async function startOrContinueThread(
  app: FastifyInstance,
  tx: Database,
  buyer: Author,
  { dealId, message, ifBlocked = 'refuse', from = buyer }: StartThreadInput & { from?: Author },
): Promise<StartedThread | null> {
  const body = message.trim()
  if (!body || body.length > MESSAGE_MAX_LENGTH) throw new Error('A chat message must be 1 to 2,000 characters')
  const deal = await findLiveDeal(tx, dealId)
  if (deal.sellerId === buyer.id) throw new AppError(409, 'own_deal', 'ownDealThread')
  if (from.id !== buyer.id && from.id !== deal.sellerId) throw new Error('Only the buyer or the seller writes here')
  const at = app.now()
  const { thread, created } = await upsertThread(tx, {
    dealId: deal.id,
    buyerId: buyer.id,
    sellerId: deal.sellerId,
    at,
  })
  if (thread.blockedBy) {
    if (ifBlocked === 'skip') return null
    throw threadBlocked()
  }
  const row = await insertMessage(tx, thread, from.id, body, at)
  const recipient = from.id === buyer.id ? { id: thread.sellerId, roles: [] } : buyer
  const senderName = displayName(from)
  const text = preview(body)
  await createNotification(tx, {
    userId: recipient.id,
    type: created ? 'new_thread' : 'new_message',
    title: senderName,
    message: text,
    senderName: senderName || null,
    dealId: deal.id,
    threadId: thread.id,
    // The seller always sees their own listing's street; the buyer as the listing shows it to them.
    dealInfo: dealInfoFor(
      recipient.id === buyer.id ? ((await dealFacts(tx, [deal.id])).get(deal.id) ?? deal) : deal,
      recipient,
    ),
    createdAt: at,
  })
  const push: ChatPush = created
    ? {
        userId: recipient.id,
        event: REALTIME_EVENTS.newThread,
        data: { message: text, thread: { threadId: thread.id } },
      }
    : {
        userId: recipient.id,
        event: REALTIME_EVENTS.newMessage,
        data: { senderName, message: text, threadId: thread.id, messageId: row.id },
      }
  return { thread, message: row, created, pushes: [push] }
}

/** POST /api/chat/threads: the caller's conversation about the deal, as they now see it. */
export async function startThread(app: FastifyInstance, buyer: Author, input: StartThreadInput): Promise<Thread> {
  const started = await app.db.transaction((tx) => startOrContinueThread(app, tx, buyer, input))
  if (!started) throw threadBlocked()
  await pushChatEvents(app, started.pushes)
  const thread = await findThread(app.db, started.thread.id)
  if (!thread) throw threadNotFound()
  return describeThread(app.db, thread, buyer)
}

/** A participant's message; the other participant gets a new_message notice and a `new-message` event. */
export async function sendMessage(
  app: FastifyInstance,
  sender: Author,
  threadId: string,
  text: string,
): Promise<Message> {
  const { message, pushes } = await app.db.transaction(async (tx) => {
    const { thread, role } = await accessThread(tx, threadId, sender, { lock: true, write: true })
    if (thread.blockedBy) throw threadBlocked()
    const at = app.now()
    const row = await insertMessage(tx, thread, sender.id, text.trim(), at)
    const recipientId = role === 'buyer' ? thread.sellerId : thread.buyerId
    const [deals, people] = await readAll(tx, [
      () => dealFacts(tx, thread.dealId ? [thread.dealId] : []),
      () => peopleOf(tx, [recipientId]),
    ])
    const deal = thread.dealId ? deals.get(thread.dealId) : undefined
    const recipient = people.get(recipientId)
    const senderName = displayName(sender)
    const body = preview(row.body)
    await createNotification(tx, {
      userId: recipientId,
      type: 'new_message',
      title: senderName,
      message: body,
      senderName: senderName || null,
      dealId: thread.dealId,
      threadId: thread.id,
      dealInfo: deal ? dealInfoFor(deal, { id: recipientId, roles: recipient?.roles ?? [] }) : null,
      createdAt: at,
    })
    const push: ChatPush = {
      userId: recipientId,
      event: REALTIME_EVENTS.newMessage,
      data: { senderName, message: body, threadId: thread.id, messageId: row.id },
    }
    return { message: row, pushes: [push] }
  })
  await pushChatEvents(app, pushes)
  return toMessage(message)
}
