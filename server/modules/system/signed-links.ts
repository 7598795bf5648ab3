import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { Database } from '../../db/client'
import { serverKey } from '../../db/server-keys'

const SecretSchema = z.object({ secret: z.string().min(43) })

/** A 32-byte signing secret from `server_keys`, made on first use. */
async function secretOf(db: Database, keyName: string): Promise<Buffer> {
  const { secret } = await serverKey(
    db,
    keyName,
    () => ({ secret: randomBytes(32).toString('base64url') }),
    SecretSchema,
  )
  return Buffer.from(secret, 'base64url')
}

/** A base36 count of seconds since the epoch: a link's expiry. */
const EXPIRY = /^[0-9a-z]{1,12}$/

/** `now` is the app's clock (`app.now()`); only a signer with a lifetime reads it (the system clock otherwise). */
export type LinkSigner = {
  /** `<payload>.<signature>`, or `<payload>.<expiry>.<signature>` for a signer with a lifetime. */
  sign(db: Database, payload: string, now?: Date): Promise<string>
  /** The payload of a token this signer made and that has not expired at `now`; null for anything else. */
  verify(db: Database, token: string, now?: Date): Promise<string | null>
}

/**
 * The one way the server signs a link a person opens without signing in (unsubscribe, "Still available"):
 * HMAC-SHA256 with a secret kept in `server_keys` under `keyName`, over `<purpose>:<payload>` (and the
 * expiry), so a link signed for one purpose opens nothing else even where purposes share a key; compared in
 * constant time. With `lifetimeMs` a link carries its expiry and is refused after it; without one it never
 * expires and a token carrying an expiry is refused. The payload must not contain a dot.
 */
export function linkSigner({
  purpose,
  keyName,
  lifetimeMs,
}: {
  purpose: string
  keyName: string
  lifetimeMs?: number
}): LinkSigner {
  const mac = (secret: Buffer, payload: string, expiry: string | null) =>
    createHmac('sha256', secret)
      .update(expiry === null ? `${purpose}:${payload}` : `${purpose}:${payload}.${expiry}`)
      .digest('base64url')

  return {
    async sign(db, payload, now = new Date()) {
      if (payload.includes('.')) throw new Error('a signed link payload cannot contain a dot')
      const expiry = lifetimeMs === undefined ? null : Math.ceil((now.getTime() + lifetimeMs) / 1000).toString(36)
      const signature = mac(await secretOf(db, keyName), payload, expiry)
      return [payload, ...(expiry === null ? [] : [expiry]), signature].join('.')
    },

    async verify(db, token, now = new Date()) {
      const parts = token.split('.')
      const expires = lifetimeMs !== undefined
      if (parts.length !== (expires ? 3 : 2)) return null
      const payload = parts[0]!
      const signature = parts.at(-1)!
      const expiry = expires ? parts[1]! : null
      if (!payload || !signature || (expiry !== null && !EXPIRY.test(expiry))) return null
      // Compared as written (base64url decoding would ignore stray characters) and in constant time.
      const expected = Buffer.from(mac(await secretOf(db, keyName), payload, expiry))
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      if (expiry !== null && parseInt(expiry, 36) * 1000 <= now.getTime()) return null
      return payload
    },
  }
}
