import { isRowId } from '../../../src/contract'
import type { Database } from '../../db/client'
import { linkSigner } from '../system/signed-links'

/** The key in `server_keys` of the secret that signs "Still available" links. */
export const FRESHNESS_SECRET_NAME = 'freshness-token-secret'

/**
 * "Still available" links: `<listing id>.<signature>`, naming the listing they confirm and nothing else.
 * No expiry: the listing's own state decides what a late click can still do.
 */
const confirmLinks = linkSigner({ purpose: 'listing-confirm', keyName: FRESHNESS_SECRET_NAME })

export function confirmToken(db: Database, dealId: string): Promise<string> {
  return confirmLinks.sign(db, dealId)
}

/** The listing a token names, or null for a token this server did not sign. */
export async function listingOfToken(db: Database, token: string): Promise<string | null> {
  const dealId = await confirmLinks.verify(db, token)
  return dealId && isRowId(dealId) ? dealId : null
}
