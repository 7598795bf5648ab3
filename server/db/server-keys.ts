import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from './client'
import { serverKeys } from './schema/alerts'

/** Per database (tests run many apps in one process) and per name: the key once read. */
const known = new WeakMap<Database, Map<string, Promise<unknown>>>()

async function readOrCreate<T>(
  db: Database,
  name: string,
  create: () => T | Promise<T>,
  schema: z.ZodType<T>,
): Promise<T> {
  const read = async () =>
    (await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name)))[0]
  // Made only when missing (an RSA key takes a while); two instances starting together both insert a
  // candidate, and both then read the one that won.
  let row = await read()
  if (!row) {
    await db
      .insert(serverKeys)
      .values({ name, value: await create() })
      .onConflictDoNothing()
    row = await read()
  }
  const parsed = schema.safeParse(row?.value)
  if (!parsed.success) throw new Error(`server_keys has no usable "${name}" key`)
  return parsed.data
}

/**
 * A key the server makes on first use and keeps in `server_keys` (signing secrets, the VAPID key pair, the
 * identity provider's key): `create` makes a candidate (or brings one kept elsewhere before), `schema` checks
 * the stored one. Race-safe across instances (insert … on conflict do nothing, then read), remembered per
 * database once read; a failure is not remembered.
 */
export function serverKey<T>(
  db: Database,
  name: string,
  create: () => T | Promise<T>,
  schema: z.ZodType<T>,
): Promise<T> {
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
