import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { appSettings } from '../../db/schema'

/** Raw JSON as stored; the service parses it with the setting's schema. */
export async function findSettingValue(db: Database, key: string): Promise<unknown> {
  const rows = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).limit(1)
  return rows[0]?.value
}

export async function upsertSettingValue(db: Database, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } })
}
