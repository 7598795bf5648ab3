import { and, asc, count, desc, eq, getTableColumns, gt, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { isRowId, type ThreadsQuery } from '../../../src/contract'
import type { Database } from '../../db/client'
import { chatMessages, chatThreads } from '../../db/schema'
import { readAll } from '../../db/reads'

/** The chat module's tables: threads (one per deal and buyer) and their messages. */

export type ThreadRow = typeof chatThreads.$inferSelect
export type MessageRow = typeof chatMessages.$inferSelect

/** The thread, or undefined (also for an id that is not a uuid); `lock` holds its row to the transaction's end. */
export async function findThread(db: Database, id: string, options: { lock?: boolean } = {}) {
  if (!isRowId(id)) return undefined
  const query = db.select().from(chatThreads).where(eq(chatThreads.id, id))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/**
 * The buyer's thread about the deal, created if there is none, and locked for the rest of the transaction.
 * One statement, so two concurrent starts meet at the unique index: one inserts, the other updates.
 */
export async function upsertThread(
  tx: Database,
  values: { dealId: string; buyerId: string; sellerId: string; at: Date },
): Promise<{ thread: ThreadRow; created: boolean }> {
  const [row] = await tx
    .insert(chatThreads)
    .values({ ...values, createdAt: values.at, lastActivityAt: values.at })
    // A no-op update, so the existing row comes back (and is locked like the new one).
    .onConflictDoUpdate({ target: [chatThreads.dealId, chatThreads.buyerId], set: { dealId: sql`excluded.deal_id` } })
    // xmax is 0 on a row this statement inserted, the locking transaction's id on one it updated.
    .returning({ ...getTableColumns(chatThreads), created: sql<boolean>`(xmax = 0)` })
  if (!row) throw new Error('Thread upsert returned nothing')
  const { created, ...thread } = row
  return { thread, created }
}

/**
 * The Owners Club conversation between two members (no listing), created with `initiatorId` as buyer and
 * `memberId` as seller if the pair has none (whoever started it), and locked for the rest of the transaction.
 * One statement: concurrent starts meet at the partial unique index on the pair.
 */
export async function upsertMemberThread(
  tx: Database,
  values: { initiatorId: string; memberId: string; at: Date },
): Promise<{ thread: ThreadRow; created: boolean }> {
  // Drizzle names only columns as a conflict target; the pair's index is on expressions, so this is SQL.
  const result = await tx.execute(sql`
    insert into chat_threads (deal_id, buyer_id, seller_id, created_at, last_activity_at)
    values (null, ${values.initiatorId}, ${values.memberId}, ${values.at.toISOString()}, ${values.at.toISOString()})
    on conflict (least(buyer_id, seller_id), greatest(buyer_id, seller_id)) where deal_id is null
    do update set buyer_id = chat_threads.buyer_id
    returning id, (xmax = 0) as created`)
  const [row] = (result as unknown as { rows: { id: string; created: boolean }[] }).rows
  const thread = row && (await findThread(tx, row.id))
  if (!row || !thread) throw new Error('Member thread upsert returned nothing')
  return { thread, created: row.created }
}

/** Adds a message and moves the thread's activity (and the sender's read mark) to it. Lock the thread first. */
export async function insertMessage(
  tx: Database,
  thread: Pick<ThreadRow, 'id' | 'buyerId'>,
  senderId: string,
  body: string,
  at: Date,
): Promise<MessageRow> {
  const [message] = await tx
    .insert(chatMessages)
    .values({ threadId: thread.id, senderId, body, createdAt: at })
    .returning()
  if (!message) throw new Error('Message insert returned nothing')
  const readMark = senderId === thread.buyerId ? { buyerLastReadId: message.id } : { sellerLastReadId: message.id }
  await tx
    .update(chatThreads)
    .set({ lastActivityAt: at, ...readMark })
    .where(eq(chatThreads.id, thread.id))
  return message
}

export async function updateThread(db: Database, id: string, set: Partial<ThreadRow>): Promise<ThreadRow> {
  const [row] = await db.update(chatThreads).set(set).where(eq(chatThreads.id, id)).returning()
  if (!row) throw new Error('Thread update found no row')
  return row
}

/** The newest message id of the thread, 0 when it has none. */
export async function newestMessageId(db: Database, threadId: string): Promise<number> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.threadId, threadId))
    .orderBy(desc(chatMessages.id))
    .limit(1)
  return row?.id ?? 0
}

export type ThreadCursor = { at: Date; id: string }

/** Which of the user's threads: on one side only, and only those with messages they have not read. */
export type ThreadFilter = Pick<ThreadsQuery, 'side' | 'unread'>

/** Unread for `userId`: a message of the thread from the other side, above the user's read mark. */
const unreadBy = (userId: string, readMark: SQL | AnyPgColumn) =>
  and(ne(chatMessages.senderId, userId), sql`${chatMessages.id} > ${readMark}`)

/**
 * A page of the user's threads (as buyer or seller), newest activity first, after `cursor`. Two index
 * walks (buyer side, seller side) merged here: a user is never both in one thread.
 */
export async function threadsOf(
  db: Database,
  userId: string,
  cursor: ThreadCursor | undefined,
  limit: number,
  filter: ThreadFilter = {},
) {
  const before = cursor
    ? sql`(${chatThreads.lastActivityAt}, ${chatThreads.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined
  const side = async (which: 'buyer' | 'seller') => {
    if (filter.side && filter.side !== which) return []
    const [column, readMark] =
      which === 'buyer'
        ? [chatThreads.buyerId, chatThreads.buyerLastReadId]
        : [chatThreads.sellerId, chatThreads.sellerLastReadId]
    const unread = filter.unread
      ? sql`exists (select 1 from ${chatMessages} where ${chatMessages.threadId} = ${chatThreads.id}
          and ${unreadBy(userId, readMark)})`
      : undefined
    return db
      .select()
      .from(chatThreads)
      .where(and(eq(column, userId), before, unread))
      .orderBy(desc(chatThreads.lastActivityAt), desc(chatThreads.id))
      .limit(limit)
  }
  const [asBuyer, asSeller] = await readAll(db, [() => side('buyer'), () => side('seller')])
  return [...asBuyer, ...asSeller]
    .sort((a, b) => b.lastActivityAt.getTime() - a.lastActivityAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, limit)
}

/** The newest message of each thread. */
export async function lastMessagesOf(db: Database, threadIds: string[]): Promise<Map<string, MessageRow>> {
  if (threadIds.length === 0) return new Map()
  const rows = await db
    .selectDistinctOn([chatMessages.threadId])
    .from(chatMessages)
    .where(inArray(chatMessages.threadId, threadIds))
    .orderBy(chatMessages.threadId, desc(chatMessages.id))
  return new Map(rows.map((row) => [row.threadId, row]))
}

/** Per thread, the messages from the other side above `userId`'s read mark. */
export async function unreadCountsOf(db: Database, threadIds: string[], userId: string): Promise<Map<string, number>> {
  if (threadIds.length === 0) return new Map()
  const readMark = sql`case when ${chatThreads.buyerId} = ${userId} then ${chatThreads.buyerLastReadId} else ${chatThreads.sellerLastReadId} end`
  const rows = await db
    .select({ threadId: chatMessages.threadId, n: count() })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .where(
      and(
        inArray(chatMessages.threadId, threadIds),
        or(eq(chatThreads.buyerId, userId), eq(chatThreads.sellerId, userId)),
        unreadBy(userId, readMark),
      ),
    )
    .groupBy(chatMessages.threadId)
  return new Map(rows.map((row) => [row.threadId, row.n]))
}

export type MessageWindow = { before?: number | undefined; after?: number | undefined; limit: number }

/**
 * A page of the thread's messages, oldest first: with `after`, the oldest `limit` above it (catch-up);
 * otherwise the newest `limit` below `before` (or the newest of all). `hasMore`: more lie beyond the page.
 */
export async function messagesOf(db: Database, threadId: string, { before, after, limit }: MessageWindow) {
  const bounds: SQL[] = [eq(chatMessages.threadId, threadId)]
  if (before !== undefined) bounds.push(lt(chatMessages.id, before))
  if (after !== undefined) bounds.push(gt(chatMessages.id, after))
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(...bounds))
    .orderBy(after !== undefined ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(limit + 1)
  const hasMore = rows.length > limit
  const page = rows.slice(0, limit)
  return { items: after !== undefined ? page : page.reverse(), hasMore }
}
