import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { isRowId } from '../../../src/contract'
import type { Database } from '../../db/client'
import { serverKeys } from '../../db/schema'

/** The key in `server_keys` of the secret that signs "Still available" links. */
export const FRESHNESS_SECRET_NAME = 'freshness-token-secret'

/** Per database (tests run many apps in one process): the secret once read. */
const secrets = new WeakMap<Database, Promise<Buffer>>()

/**
 * The signing secret, made on first use and kept in `server_keys` (every instance on one database shares
 * it; two first uses at once keep whichever was written first).
 */
export function freshnessSecret(db: Database): Promise<Buffer> {
  let secret = secrets.get(db)
  if (!secret) {
    secret = (async () => {
      await db
        .insert(serverKeys)
        .values({ name: FRESHNESS_SECRET_NAME, value: { secret: randomBytes(32).toString('base64url') } })
        .onConflictDoNothing()
      const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, FRESHNESS_SECRET_NAME))
      return Buffer.from((row!.value as { secret: string }).secret, 'base64url')
    })()
    secret.catch(() => secrets.delete(db))
    secrets.set(db, secret)
  }
  return secret
}

const signature = (secret: Buffer, dealId: string) =>
  createHmac('sha256', secret).update(`listing-confirm:${dealId}`).digest()

/** `<listing id>.<HMAC-SHA256 of it>`: names the listing it confirms and nothing else. */
export async function confirmToken(db: Database, dealId: string): Promise<string> {
  return `${dealId}.${signature(await freshnessSecret(db), dealId).toString('base64url')}`
}

/** The listing a token names, or null for a token this server did not sign. */
export async function listingOfToken(db: Database, token: string): Promise<string | null> {
  const [dealId, signed, ...rest] = token.split('.')
  if (!dealId || !signed || rest.length > 0 || !isRowId(dealId)) return null
  const expected = signature(await freshnessSecret(db), dealId)
  const given = Buffer.from(signed, 'base64url')
  return given.length === expected.length && timingSafeEqual(given, expected) ? dealId : null
}
