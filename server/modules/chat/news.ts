import { and, count, eq, gt, inArray, max, ne } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { chatMessages, chatThreads } from '../../db/schema'

/**
 * Per listing, the messages buyers sent `sellerId` after `since` (all of them when null) in conversations
 * about those listings, and the latest one's time.
 */
export async function messageNewsOf(db: Database, sellerId: string, dealIds: string[], since: Date | null) {
  if (dealIds.length === 0) return new Map<string, { count: number; latest: Date }>()
  const rows = await db
    .select({ dealId: chatThreads.dealId, n: count(), latest: max(chatMessages.createdAt) })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .where(
      and(
        inArray(chatThreads.dealId, dealIds),
        eq(chatThreads.sellerId, sellerId),
        ne(chatMessages.senderId, sellerId),
        since ? gt(chatMessages.createdAt, since) : undefined,
      ),
    )
    .groupBy(chatThreads.dealId)
  return new Map(rows.map((row) => [row.dealId, { count: Number(row.n), latest: new Date(row.latest ?? 0) }]))
}
