import { z } from 'zod'
import { NOTIFICATION_CHANNELS } from '../../../src/contract/values'
import type { Database } from '../../db/client'
import { linkSigner } from '../system/signed-links'

/** What an unsubscribe link turns off: one channel of a user's alerts, or of one of their saved searches. */
export const UnsubscribeClaimSchema = z.object({
  u: z.uuid(),
  c: z.enum(NOTIFICATION_CHANNELS),
  s: z.uuid().optional(),
})
export type UnsubscribeClaim = z.infer<typeof UnsubscribeClaimSchema>

/**
 * Unsubscribe links: `<claim as base64url JSON>.<signature>`, signed with the `alert-unsubscribe` secret of
 * `server_keys`. No expiry, as a mail may be opened months later.
 */
const unsubscribeLinks = linkSigner({ purpose: 'alert-unsubscribe', keyName: 'alert-unsubscribe' })

export function unsubscribeToken(db: Database, claim: UnsubscribeClaim): Promise<string> {
  return unsubscribeLinks.sign(db, Buffer.from(JSON.stringify(claim)).toString('base64url'))
}

/** The claim of a token this server signed, or null for anything else (forged, altered, malformed). */
export async function readUnsubscribeToken(db: Database, token: string): Promise<UnsubscribeClaim | null> {
  const payload = await unsubscribeLinks.verify(db, token)
  if (!payload) return null
  try {
    const parsed = UnsubscribeClaimSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
