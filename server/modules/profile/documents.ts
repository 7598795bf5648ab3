import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { BuyBoxSchema, PreferencesSchema, SellerPreferencesSchema } from '../../../src/contract'
import type { Database } from '../../db/client'
import { buyBoxes, buyerPreferences, sellerPreferences } from '../../db/schema'

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
  await db
    .insert(table)
    .values({ userId, data: value, ...zipCodes })
    .onConflictDoUpdate({ target: table.userId, set: { data: value, ...zipCodes, updatedAt: sql`now()` } })
  return value
}

/** Which documents a user has saved, in one round trip (profile completeness reads it on every /me). */
export async function savedProfileDocuments(db: Database, userId: string): Promise<SavedDocuments> {
  const result = await db.execute(sql`
    select
      exists(select 1 from ${buyBoxes} where ${buyBoxes.userId} = ${userId}) as buy_box,
      exists(select 1 from ${buyerPreferences} where ${buyerPreferences.userId} = ${userId}) as preferences,
      exists(select 1 from ${sellerPreferences} where ${sellerPreferences.userId} = ${userId}) as seller_preferences
  `)
  // Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
  const row = (result as unknown as { rows: { buy_box: boolean; preferences: boolean; seller_preferences: boolean }[] })
    .rows[0]
  return {
    buyBox: row?.buy_box === true,
    preferences: row?.preferences === true,
    sellerPreferences: row?.seller_preferences === true,
  }
}
