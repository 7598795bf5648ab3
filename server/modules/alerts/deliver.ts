import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Role } from '../../../src/contract'
import type { Reason } from '../../../src/contract/matching'
import { timeZoneOfState } from '../../../src/contract/time-zones'
import { rowsOf } from '../../db/rows'
import type { ServerLanguage } from '../../http/i18n'
import { buyBoxDelivery, stateOf } from './delivery-prefs'
import { sendAlert, type AlertListing, type Channel } from './send'

type Pending = {
  savedSearchId: string | null
  savedSearchName: string | null
  searchChannels: Channel[] | null
  score: number
  reasons: Reason[]
}

type Reader = {
  id: string
  email: string
  firstName: string | null
  phone: string | null
  roles: Role[]
  language: ServerLanguage
  preferences: unknown
}

/**
 * One buyer's real-time alert of one listing (the `deliver-alert` job the listing's `match-listing` job sends
 * per buyer it recorded), in one transaction: the unsent match_alerts row is locked, the notice and each
 * channel's message recorded, and the row marked sent. A throwing channel rolls all of it back and pg-boss
 * retries this buyer alone; a row already sent (a retry after success, a second server) sends nothing. The
 * channels are read now (an unsubscribe since the match counts); a listing no longer live, or a buyer no
 * longer active, is not alerted.
 */
export async function deliverAlert(app: FastifyInstance, dealId: string, userId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [alert] = await rowsOf<Pending>(
      tx,
      sql`select a.saved_search_id as "savedSearchId", a.score, a.reasons,
          s.name as "savedSearchName", s.channels as "searchChannels"
        from match_alerts a left join saved_searches s on s.id = a.saved_search_id
        where a.user_id = ${userId} and a.deal_id = ${dealId} and a.frequency = 'real-time' and a.sent_at is null
        for update of a`,
    )
    if (!alert) return
    const [listing] = await rowsOf<AlertListing>(
      tx,
      sql`select id, seller_id as "sellerId", street_address as "streetAddress", hide_address as "hideAddress",
          city, state, zip_code as "zipCode"
        from deals where id = ${dealId} and status in ('active', 'exclusive')`,
    )
    const [reader] = await rowsOf<Reader>(
      tx,
      sql`select u.id, u.email, u.first_name as "firstName", u.phone, u.roles, u.language, p.data as preferences
        from users u left join buyer_preferences p on p.user_id = u.id
        where u.id = ${userId} and u.status = 'active'`,
    )
    if (!listing || !reader) return
    const channels = alert.searchChannels ?? buyBoxDelivery(reader.preferences).channels
    await sendAlert(
      app,
      tx,
      listing,
      { ...reader, timeZone: timeZoneOfState(stateOf(reader.preferences)) },
      { ...alert, channels },
    )
    await tx.execute(sql`update match_alerts set sent_at = ${app.now().toISOString()}
      where user_id = ${userId} and deal_id = ${dealId}`)
  })
}
