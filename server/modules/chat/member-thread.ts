import type { FastifyInstance } from 'fastify'
import { MESSAGE_MAX_LENGTH, REALTIME_EVENTS } from '../../../src/contract'
import type { Database } from '../../db/client'
import { createNotification } from '../notifications/service'
import type { ChatPush } from './push'
import { insertMessage, upsertMemberThread } from './repository'
import type { StartedThread } from './service'
import { displayName, preview, threadBlocked, type Author } from './thread-access'

/**
 * Owners Club conversations (issue 26): between two members, about no listing. The pair has one, whoever
 * started it (the starter sits in buyer_id, the other in seller_id); from then on it is read, written,
 * blocked and marked read like any thread. Who may be written to is the Owners Club module's question.
 */

/**
 * Inside `tx`: `from`'s conversation with `memberId`, started with `message` or continued; the member gets a
 * new_thread (or new_message) notice without a listing. 409 thread_blocked when blocked. After `tx` commits,
 * hand the answer's `pushes` to `pushChatEvents`.
 */
export async function startOrContinueMemberThread(
  app: FastifyInstance,
  tx: Database,
  from: Author,
  memberId: string,
  message: string,
): Promise<StartedThread> {
  const body = message.trim()
  if (!body || body.length > MESSAGE_MAX_LENGTH) throw new Error('A chat message must be 1 to 2,000 characters')
  if (memberId === from.id) throw new Error('A member does not write to themselves')
  const at = app.now()
  const { thread, created } = await upsertMemberThread(tx, { initiatorId: from.id, memberId, at })
  if (thread.blockedBy) throw threadBlocked()
  const row = await insertMessage(tx, thread, from.id, body, at)
  const recipientId = thread.buyerId === from.id ? thread.sellerId : thread.buyerId
  const senderName = displayName(from)
  const text = preview(body)
  await createNotification(tx, {
    userId: recipientId,
    type: created ? 'new_thread' : 'new_message',
    title: senderName,
    message: text,
    senderName: senderName || null,
    dealId: null,
    threadId: thread.id,
    dealInfo: null,
    createdAt: at,
  })
  const push: ChatPush = created
    ? {
        userId: recipientId,
        event: REALTIME_EVENTS.newThread,
        data: { message: text, thread: { threadId: thread.id } },
      }
    : {
        userId: recipientId,
        event: REALTIME_EVENTS.newMessage,
        data: { senderName, message: text, threadId: thread.id, messageId: row.id },
      }
  return { thread, message: row, created, pushes: [push] }
}
