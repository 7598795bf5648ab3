import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'

/** A saved search's owner the alert may go to, with their documents as stored (parse before use). */
export type Candidate = { id: string; buyBox: unknown; preferences: unknown }

/** What the alert's eligibility reads of the listing. */
export type ListingPlace = { id: string; sellerId: string }

/**
 * Who may be alerted about the listing (written against `users u`, the matching prefilter's and the saved
 * searches' owners): active buyers (and owners, who keep a buy box), never the listing's seller, Certified
 * only when asked, not yet alerted about this listing nor about another live listing of the same property (a
 * seller's cash and creative versions of one house: one alert is enough).
 */
export const alertEligible = (listing: ListingPlace, certifiedOnly: boolean): SQL => sql`u.status = 'active'
  and u.id <> ${listing.sellerId}
  and (u.roles && array['buyer', 'owner']::text[])
  ${certifiedOnly ? sql`and u.certified_buyer` : sql``}
  and not exists (
    select 1 from match_alerts a join deals d on d.id = a.deal_id
    where a.user_id = u.id and (a.deal_id = ${listing.id} or (d.normalized_address =
      (select normalized_address from deals where id = ${listing.id})
      and d.status not in ('deleted', 'sold', 'canceled'))))`

/** The eligible ones among `userIds` (the owners of saved searches the listing fits). */
export async function eligibleAmong(
  db: Database,
  listing: ListingPlace,
  userIds: string[],
  { certifiedOnly }: { certifiedOnly: boolean },
): Promise<Candidate[]> {
  if (userIds.length === 0) return []
  return rowsOf<Candidate>(
    db,
    sql`select u.id, b.data as "buyBox", p.data as preferences
    from users u
    left join buy_boxes b on b.user_id = u.id
    left join buyer_preferences p on p.user_id = u.id
    where u.id = any(${`{${userIds.join(',')}}`}::uuid[]) and ${alertEligible(listing, certifiedOnly)}`,
  )
}

/** The preferences as stored of these buyers (what their buy box's alerts are sent at and by), by id. */
export async function preferencesOf(db: Database, userIds: string[]): Promise<Map<string, unknown>> {
  if (userIds.length === 0) return new Map()
  const rows = await rowsOf<{ userId: string; data: unknown }>(
    db,
    sql`select user_id as "userId", data from buyer_preferences
      where user_id = any(${`{${userIds.join(',')}}`}::uuid[])`,
  )
  return new Map(rows.map((row) => [row.userId, row.data]))
}
