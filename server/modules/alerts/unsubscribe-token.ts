import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { NOTIFICATION_CHANNELS } from '../../../src/contract/values'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'

/** The `server_keys` row holding the secret that signs unsubscribe links (made on first use, then kept). */
const KEY_NAME = 'alert-unsubscribe'

/** What an unsubscribe link turns off: one channel of a user's alerts, or of one of their saved searches. */
export const UnsubscribeClaimSchema = z.object({
  u: z.uuid(),
  c: z.enum(NOTIFICATION_CHANNELS),
  s: z.uuid().optional(),
})
export type UnsubscribeClaim = z.infer<typeof UnsubscribeClaimSchema>

const secrets = new WeakMap<Database, Promise<Buffer>>()

/**
 * The signing secret: 32 random bytes, written once (`on conflict do nothing`, so two servers starting
 * together agree on the first one written) and read back, remembered per database.
 */
export function unsubscribeSecret(db: Database): Promise<Buffer> {
  let secret = secrets.get(db)
  if (!secret) {
    secret = (async () => {
      const fresh = randomBytes(32).toString('base64url')
      await db.execute(sql`insert into server_keys (name, value) values (${KEY_NAME}, ${JSON.stringify({ secret: fresh })}::jsonb)
        on conflict (name) do nothing`)
      const [row] = await rowsOf<{ secret: string }>(
        db,
        sql`select value->>'secret' as secret from server_keys where name = ${KEY_NAME}`,
      )
      return Buffer.from(row!.secret, 'base64url')
    })()
    secret.catch(() => secrets.delete(db))
    secrets.set(db, secret)
  }
  return secret
}

const sign = (payload: string, secret: Buffer) => createHmac('sha256', secret).update(payload).digest('base64url')

/** `<claim as base64url JSON>.<HMAC-SHA256 of it>`: no expiry, as a mail may be opened months later. */
export async function unsubscribeToken(db: Database, claim: UnsubscribeClaim): Promise<string> {
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url')
  return `${payload}.${sign(payload, await unsubscribeSecret(db))}`
}

/** The claim of a token this server signed, or null for anything else (forged, altered, malformed). */
export async function readUnsubscribeToken(db: Database, token: string): Promise<UnsubscribeClaim | null> {
  const [payload, signature, ...rest] = token.split('.')
  if (!payload || !signature || rest.length > 0) return null
  const expected = Buffer.from(sign(payload, await unsubscribeSecret(db)))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const parsed = UnsubscribeClaimSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
