import { and, eq, sql } from 'drizzle-orm'
import type { UnsubscribeTarget } from '../../../src/contract'
import type { Database } from '../../db/client'
import { savedSearches } from '../../db/schema'
import { AppError } from '../../http/errors'
import { getDocument, putDocument } from '../profile/documents'
import { readUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-token'

const badToken = () => new AppError(400, 'unsubscribe_link_invalid', 'unsubscribeLinkInvalid')

async function claimOf(db: Database, token: string): Promise<UnsubscribeClaim> {
  const claim = await readUnsubscribeToken(db, token)
  if (!claim) throw badToken()
  return claim
}

async function searchName(db: Database, claim: UnsubscribeClaim): Promise<string | null> {
  if (!claim.s) return null
  const [search] = await db
    .select({ name: savedSearches.name })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, claim.s), eq(savedSearches.userId, claim.u)))
  // The search was deleted since the mail: nothing of it is left to turn off.
  if (!search) throw new AppError(404, 'saved_search_not_found', 'unsubscribeSearchGone')
  return search.name
}

/** What a link will turn off, for the page to say before the person confirms. */
export async function unsubscribeTarget(db: Database, token: string): Promise<UnsubscribeTarget> {
  const claim = await claimOf(db, token)
  return { channel: claim.c, savedSearchName: await searchName(db, claim) }
}

/**
 * Turns the link's channel off: in the saved search's channels when a search alerted, else in the buyer's
 * preferences (`notificationChannels`). Doing it twice changes nothing more.
 */
export async function unsubscribe(db: Database, token: string): Promise<UnsubscribeTarget> {
  const claim = await claimOf(db, token)
  return db.transaction(async (tx) => {
    const savedSearchName = await searchName(tx, claim)
    if (claim.s) {
      await tx.execute(sql`update saved_searches set channels = array_remove(channels, ${claim.c}), updated_at = now()
        where id = ${claim.s} and user_id = ${claim.u}`)
    } else {
      const preferences = await getDocument(tx, 'preferences', claim.u)
      if (preferences?.notificationChannels.includes(claim.c)) {
        const notificationChannels = preferences.notificationChannels.filter((c) => c !== claim.c)
        await putDocument(tx, 'preferences', claim.u, { ...preferences, notificationChannels })
      }
    }
    return { channel: claim.c, savedSearchName }
  })
}
