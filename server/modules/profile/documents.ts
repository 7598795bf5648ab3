import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { BuyBoxSchema, PreferencesSchema, SellerPreferencesSchema } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { buyBoxes, buyerPreferences, sellerPreferences } from '../../db/schema'
import { refreshBuyerDemand } from '../buyer-maps/demand'
import { demandChanged } from '../buyer-maps/snapshot'
import { createReadCache, createWriteGeneration, type ReadCache } from '../../lib/read-cache'

/**
 * The three per-user profile documents (buy box, buyer preferences, seller preferences). Each is
 * stored as its contract schema's output and parsed again on the way out, so an old row that no
 * longer fits the schema fails loudly instead of reaching a form half-read.
 */
const documents = {
  buyBox: { table: buyBoxes, schema: BuyBoxSchema, hasZipCodes: true },
  preferences: { table: buyerPreferences, schema: PreferencesSchema, hasZipCodes: true },
  sellerPreferences: { table: sellerPreferences, schema: SellerPreferencesSchema, hasZipCodes: false },
} as const

export type DocumentKind = keyof typeof documents
export type DocumentValue<K extends DocumentKind> = z.output<(typeof documents)[K]['schema']>
export type SavedDocuments = Record<DocumentKind, boolean>

/** Bumped around every save of a profile document; the remembered `savedProfileDocuments` compare with it. */
export const documentsWritten = createWriteGeneration('documents')

export async function getDocument<K extends DocumentKind>(
  db: Database,
  kind: K,
  userId: string,
): Promise<DocumentValue<K> | null> {
  const { table, schema } = documents[kind]
  const rows = await db.select({ data: table.data }).from(table).where(eq(table.userId, userId)).limit(1)
  if (!rows[0]) return null
  return schema.parse(rows[0].data) as DocumentValue<K>
}

export async function putDocument<K extends DocumentKind>(
  db: Database,
  kind: K,
  userId: string,
  value: DocumentValue<K>,
): Promise<DocumentValue<K>> {
  const { table, hasZipCodes } = documents[kind]
  const zipCodes = hasZipCodes && 'zipCodes' in value ? { zipCodes: value.zipCodes } : {}
  await documentsWritten.writing(db, () =>
    db.transaction(async (tx) => {
      await tx
        .insert(table)
        .values({ userId, data: value, ...zipCodes })
        .onConflictDoUpdate({ target: table.userId, set: { data: value, ...zipCodes, updatedAt: sql`now()` } })
      // The buyer maps count buy boxes and preferences from their own table, kept in this same transaction.
      if (hasZipCodes) await refreshBuyerDemand(tx, userId)
    }),
  )
  // Committed: the buyer maps' in-memory counts re-read this buyer's row.
  if (hasZipCodes) await demandChanged(db, userId)
  return value
}

/** How long whether a user saved each document is reused if no save is heard of (a save on any instance forgets it). */
const SAVED_TTL_MS = 5_000

/** Per database (tests run many apps in one process). */
const saved = new WeakMap<Database, ReadCache<Readonly<SavedDocuments>>>()

/**
 * Which documents a user has saved. Profile completeness reads it on every /me (the SPA asks at every
 * start and focus), so it is remembered per user: a save through putDocument forgets it at once, a save by
 * another server on the same PostgreSQL as soon as the bus announces it (within SAVED_TTL_MS if that is lost).
 */
export async function savedProfileDocuments(db: Database, userId: string): Promise<Readonly<SavedDocuments>> {
  let cache = saved.get(db)
  if (!cache) saved.set(db, (cache = createReadCache(documentsWritten.of(db), { max: 10_000, ttlMs: SAVED_TTL_MS })))
  return cache.get(userId, async () => Object.freeze(await readSavedDocuments(db, userId)))
}

/** Which documents a user has saved, in one round trip. */
async function readSavedDocuments(db: Database, userId: string): Promise<SavedDocuments> {
  const [row] = await rowsOf<{ buy_box: boolean; preferences: boolean; seller_preferences: boolean }>(
    db,
    sql`
    select
      exists(select 1 from ${buyBoxes} where ${buyBoxes.userId} = ${userId}) as buy_box,
      exists(select 1 from ${buyerPreferences} where ${buyerPreferences.userId} = ${userId}) as preferences,
      exists(select 1 from ${sellerPreferences} where ${sellerPreferences.userId} = ${userId}) as seller_preferences
  `,
  )
  return {
    buyBox: row?.buy_box === true,
    preferences: row?.preferences === true,
    sellerPreferences: row?.seller_preferences === true,
  }
}
