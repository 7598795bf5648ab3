import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { chatThreads } from '../../db/schema'

/**
 * The conversation of each of these buyers with the seller about one listing (one thread per deal and buyer),
 * by buyer id; a buyer without one is absent. The seller's offers and interested-buyers lists link to them.
 */
export async function dealThreadsByBuyer(
  db: Database,
  dealId: string,
  buyerIds: string[],
): Promise<Map<string, string>> {
  if (buyerIds.length === 0) return new Map()
  const rows = await db
    .select({ id: chatThreads.id, buyerId: chatThreads.buyerId })
    .from(chatThreads)
    .where(and(eq(chatThreads.dealId, dealId), inArray(chatThreads.buyerId, [...new Set(buyerIds)])))
  return new Map(rows.map((row) => [row.buyerId, row.id]))
}
