import type { Message, Participant, Thread, ThreadPage, ThreadsQuery } from '../../../src/contract'
import { ThreadCursorSchema } from '../../../src/contract'
import type { Database } from '../../db/client'
import { decodeCursor, encodeCursor } from '../../http/cursor'
import { readAll } from '../../db/reads'
import { peopleOf, type PersonRow } from '../users/repository'
import { dealFacts, toThreadDeal } from './deal-summary'
import {
  lastMessagesOf,
  messagesOf,
  threadsOf,
  unreadCountsOf,
  type MessageRow,
  type MessageWindow,
  type ThreadCursor,
  type ThreadRow,
} from './repository'
import { accessThread, displayName, roleIn, type Viewer } from './thread-access'

/** Threads and messages as a viewer sees them: the list a page at a time, one thread, its messages. */

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
    companyName: person?.companyName ?? null,
  }
}

/** Threads as `viewer` sees them, in the order given. */
async function describeThreads(db: Database, rows: ThreadRow[], viewer: Viewer): Promise<Thread[]> {
  const ids = rows.map((row) => row.id)
  const [deals, people, lastMessages, unread] = await readAll(db, [
    () => dealFacts(db, [...new Set(rows.flatMap((row) => (row.dealId ? [row.dealId] : [])))]),
    () =>
      peopleOf(
        db,
        rows.flatMap((row) => [row.buyerId, row.sellerId]),
      ),
    () => lastMessagesOf(db, ids),
    () => unreadCountsOf(db, ids, viewer.id),
  ])
  return rows.map((row) => {
    // An Owners Club conversation between two members is about no listing.
    const deal = row.dealId ? deals.get(row.dealId) : null
    if (deal === undefined) throw new Error(`Thread ${row.id} has no deal`)
    const lastMessage = lastMessages.get(row.id)
    const viewerRole = roleIn(row, viewer) ?? 'observer'
    return {
      threadId: row.id,
      deal: deal && toThreadDeal(deal, viewer),
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

export async function describeThread(db: Database, row: ThreadRow, viewer: Viewer): Promise<Thread> {
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
