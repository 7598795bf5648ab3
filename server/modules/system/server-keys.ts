import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '../../db/client'
import { serverKeys } from '../../db/schema/alerts'

/** Per database (tests run many apps in one process) and per name: the key once read. */
const known = new WeakMap<Database, Map<string, Promise<unknown>>>()

async function readOrCreate<T>(db: Database, name: string, create: () => T, schema: z.ZodType<T>): Promise<T> {
  // Every instance inserts a fresh key if none is there and then reads the one that won: two instances
  // starting together agree on the first one written.
  await db.insert(serverKeys).values({ name, value: create() }).onConflictDoNothing()
  const [row] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name))
  const parsed = schema.safeParse(row?.value)
  if (!parsed.success) throw new Error(`server_keys has no usable "${name}" key`)
  return parsed.data
}

/**
 * A key the server makes on first use and keeps in `server_keys` (signing secrets, the VAPID key pair):
 * `create` makes a candidate, `schema` checks the stored one. Race-safe across instances (insert … on
 * conflict do nothing, then read), remembered per database once read; a failure is not remembered.
 */
export function serverKey<T>(db: Database, name: string, create: () => T, schema: z.ZodType<T>): Promise<T> {
  let keys = known.get(db)
  if (!keys) {
    keys = new Map()
    known.set(db, keys)
  }
  let key = keys.get(name) as Promise<T> | undefined
  if (!key) {
    key = readOrCreate(db, name, create, schema)
    const remembered = keys
    key.catch(() => remembered.delete(name))
    keys.set(name, key)
  }
  return key
}
