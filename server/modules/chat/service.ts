import type { FastifyInstance } from 'fastify'
import {
  MESSAGE_MAX_LENGTH,
  REALTIME_EVENTS,
  ThreadCursorSchema,
  type Message,
  type NewMessageEvent,
  type NewThreadEvent,
  type Participant,
  type Thread,
  type ThreadBlockedEvent,
  type ThreadPage,
  type ThreadsQuery,
} from '../../../src/contract'
import type { Database } from '../../db/client'
import { decodeCursor, encodeCursor } from '../../http/cursor'
import { AppError } from '../../http/errors'
import { privateUserChannel } from '../../realtime/types'
import { findLiveDeal } from '../deals/repository'
import { createNotification, markThreadNotificationsRead } from '../notifications/service'
import { peopleOf, type PersonRow, type UserRow } from '../users/repository'
import { hasAllAccess } from '../users/roles'
import { dealFacts, dealInfoFor, toThreadDeal } from './deal-summary'
import {
  findThread,
  insertMessage,
  lastMessagesOf,
  messagesOf,
  newestMessageId,
  threadsOf,
  unreadCountsOf,
  updateThread,
  upsertThread,
  type MessageRow,
  type MessageWindow,
  type ThreadCursor,
  type ThreadRow,
} from './repository'

/**
 * Conversations about deals (issue 10): a thread is between a buyer and the deal's seller. Its two
 * participants read and write it; admins and owners may read it as observers; for anyone else it does not
 * exist (404). Every write and the notice it causes share one transaction; realtime pushes follow the commit
 * and never fail the request (Pusher keeps no history: clients catch up by message id).
 */

type Viewer = Pick<UserRow, 'id' | 'roles'>
/** Someone who writes: their name goes into the other side's notice. */
export type Author = Pick<UserRow, 'id' | 'roles' | 'firstName' | 'lastName'>
export type ViewerRole = Thread['viewerRole']

/** A realtime event for one user's private channel, sent once the transaction has committed. */
export type ChatPush =
  | { userId: string; event: typeof REALTIME_EVENTS.newMessage; data: NewMessageEvent }
  | { userId: string; event: typeof REALTIME_EVENTS.newThread; data: NewThreadEvent }
  | { userId: string; event: typeof REALTIME_EVENTS.threadBlocked; data: ThreadBlockedEvent }

/** Event and notice previews: ids and a short text, never the whole message (events stay far below 10 KB). */
export const PREVIEW_LENGTH = 200

export function preview(text: string, length = PREVIEW_LENGTH): string {
  const characters = Array.from(text)
  return characters.length <= length ? text : `${characters.slice(0, length - 1).join('')}…`
}

export const displayName = (person: Pick<UserRow, 'firstName' | 'lastName'>) =>
  [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')

export const threadNotFound = () => new AppError(404, 'thread_not_found', 'threadNotFound')
const threadBlocked = () => new AppError(409, 'thread_blocked', 'threadBlocked')

export function roleIn(thread: Pick<ThreadRow, 'buyerId' | 'sellerId'>, viewer: Viewer): ViewerRole | null {
  if (thread.buyerId === viewer.id) return 'buyer'
  if (thread.sellerId === viewer.id) return 'seller'
  return hasAllAccess(viewer.roles) ? 'observer' : null
}

/**
 * The thread and the viewer's part in it: 404 unless they take part or are an admin or owner; with
 * `write`, 403 for an observer. `lock` holds the row to the end of the transaction (writes take it, so
 * messages of one thread get their ids in commit order and `after` misses none).
 */
async function accessThread(
  db: Database,
  id: string,
  viewer: Viewer,
  options: { lock?: boolean; write?: boolean } = {},
) {
  const thread = await findThread(db, id, options)
  const role = thread && roleIn(thread, viewer)
  if (!thread || !role) throw threadNotFound()
  if (options.write && role === 'observer') throw new AppError(403, 'forbidden', 'forbidden')
  return { thread, role }
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    threadId: row.threadId,
    senderId: row.senderId,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  }
}

function toParticipant(person: PersonRow | undefined, id: string): Participant {
  return {
    id,
    name: person ? displayName(person) : '',
    certified: person?.certifiedBuyer ?? false,
    profilePictureUrl: person?.profilePictureUrl ?? null,
  }
}

/** Threads as `viewer` sees them, in the order given. */
async function describeThreads(db: Database, rows: ThreadRow[], viewer: Viewer): Promise<Thread[]> {
  const ids = rows.map((row) => row.id)
  const [deals, people, lastMessages, unread] = await Promise.all([
    dealFacts(db, [...new Set(rows.map((row) => row.dealId))]),
    peopleOf(
      db,
      rows.flatMap((row) => [row.buyerId, row.sellerId]),
    ),
    lastMessagesOf(db, ids),
    unreadCountsOf(db, ids, viewer.id),
  ])
  return rows.map((row) => {
    const deal = deals.get(row.dealId)
    if (!deal) throw new Error(`Thread ${row.id} has no deal`)
    const lastMessage = lastMessages.get(row.id)
    const viewerRole = roleIn(row, viewer) ?? 'observer'
    return {
      threadId: row.id,
      deal: toThreadDeal(deal, viewer),
      buyer: toParticipant(people.get(row.buyerId), row.buyerId),
      seller: toParticipant(people.get(row.sellerId), row.sellerId),
      viewerRole,
      lastMessage: lastMessage ? toMessage(lastMessage) : null,
      lastActivityAt: row.lastActivityAt.toISOString(),
      unreadCount: viewerRole === 'observer' ? 0 : (unread.get(row.id) ?? 0),
      blocked: row.blockedBy !== null,
      blockedByViewer: row.blockedBy === viewer.id,
      createdAt: row.createdAt.toISOString(),
    }
  })
}

async function describeThread(db: Database, row: ThreadRow, viewer: Viewer): Promise<Thread> {
  const [thread] = await describeThreads(db, [row], viewer)
  if (!thread) throw new Error('A described thread went missing')
  return thread
}

export async function getThread(db: Database, id: string, viewer: Viewer): Promise<Thread> {
  const { thread } = await accessThread(db, id, viewer)
  return describeThread(db, thread, viewer)
}

// The thread list's cursor: the last thread's activity time and id, opaque to the client.
const encodeThreadCursor = (row: ThreadRow) =>
  encodeCursor(ThreadCursorSchema, [row.lastActivityAt.toISOString(), row.id])

function decodeThreadCursor(cursor: string): ThreadCursor {
  const [at, id] = decodeCursor(ThreadCursorSchema, cursor)
  return { at: new Date(at), id }
}

/** The viewer's threads, newest activity first, a page at a time. */
export async function listThreads(
  db: Database,
  viewer: Viewer,
  { cursor, limit, side, unread }: ThreadsQuery,
): Promise<ThreadPage> {
  const rows = await threadsOf(db, viewer.id, cursor ? decodeThreadCursor(cursor) : undefined, limit + 1, {
    side,
    unread,
  })
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    items: await describeThreads(db, page, viewer),
    nextCursor: rows.length > limit && last ? encodeThreadCursor(last) : null,
  }
}

export async function listMessages(db: Database, threadId: string, viewer: Viewer, window: MessageWindow) {
  const { thread } = await accessThread(db, threadId, viewer)
  const page = await messagesOf(db, thread.id, window)
  return { items: page.items.map(toMessage), hasMore: page.hasMore }
}

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
    const [deals, people] = await Promise.all([dealFacts(tx, [thread.dealId]), peopleOf(tx, [recipientId])])
    const deal = deals.get(thread.dealId)
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

/** Blocks the thread for both sides; the other participant gets a thread_blocked notice and event. Again is a no-op. */
export async function blockThread(app: FastifyInstance, viewer: Author, threadId: string): Promise<Thread> {
  const { thread, pushes } = await app.db.transaction(async (tx) => {
    const { thread, role } = await accessThread(tx, threadId, viewer, { lock: true, write: true })
    if (thread.blockedBy) return { thread, pushes: [] }
    const at = app.now()
    const updated = await updateThread(tx, thread.id, { blockedBy: viewer.id, blockedAt: at })
    const recipientId = role === 'buyer' ? thread.sellerId : thread.buyerId
    const [deals, people] = await Promise.all([dealFacts(tx, [thread.dealId]), peopleOf(tx, [recipientId])])
    const deal = deals.get(thread.dealId)
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

/** Sends the events of a committed write. Best effort: a failed push is logged, the request still succeeds. */
export async function pushChatEvents(app: FastifyInstance, pushes: ChatPush[]): Promise<void> {
  for (const push of pushes) {
    try {
      await app.realtime.trigger(privateUserChannel(push.userId), push.event, push.data)
    } catch (error) {
      app.log.error({ err: error, event: push.event }, 'realtime push failed')
    }
  }
}
