import zipcodes from 'zipcodes'
import { sql } from 'drizzle-orm'
import { RADIUS_MAX_MILES, type Role } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import type { ServerLanguage } from '../../http/i18n'

/** A buyer the SQL prefilter found for a listing, with their documents as stored (parse before use). */
export type Candidate = {
  id: string
  email: string
  firstName: string | null
  phone: string | null
  roles: Role[]
  language: ServerLanguage
  buyBox: unknown
  preferences: unknown
}

export type ListingPlace = { id: string; sellerId: string; zipCode: string; state: string; city: string }

/**
 * ZIP codes whose centre lies within the largest radius a buyer may set of the listing's ZIP code (plus a
 * margin for a listing placed away from its ZIP's centre): a buyer whose radius is centred on one of them
 * may reach the listing. Coarse on purpose; the scorer measures the real distance.
 */
function zipsInReach(zipCode: string): string[] {
  return zipcodes.radius(zipCode, RADIUS_MAX_MILES + 25) as string[]
}

const SELECT_BUYER = sql.raw(`select u.id, u.email, u.first_name as "firstName", u.phone, u.roles, u.language,
      b.data as "buyBox", p.data as preferences
    from users u
    left join buy_boxes b on b.user_id = u.id
    left join buyer_preferences p on p.user_id = u.id`)

/**
 * Active buyers (and owners, who keep a buy box), never the listing's seller, Certified only when asked, not
 * yet alerted about this listing nor about another live listing of the same property (a seller's cash and
 * creative versions of one house: one alert is enough).
 */
const eligible = (
  listing: ListingPlace,
  certifiedOnly: boolean,
) => sql`u.status = 'active' and u.id <> ${listing.sellerId}
  and (u.roles && array['buyer', 'owner']::text[])
  ${certifiedOnly ? sql`and u.certified_buyer` : sql``}
  and not exists (
    select 1 from match_alerts a join deals d on d.id = a.deal_id
    where a.user_id = u.id and (a.deal_id = ${listing.id} or (d.normalized_address =
      (select normalized_address from deals where id = ${listing.id})
      and d.status not in ('deleted', 'sold', 'canceled'))))`

/**
 * Eligible buyers who could match the listing by place: their buy box or preferences name its ZIP code (GIN
 * indexes), their preferences its state and city, or their radius is centred near enough.
 */
export async function candidatesFor(
  db: Database,
  listing: ListingPlace,
  { certifiedOnly }: { certifiedOnly: boolean },
): Promise<Candidate[]> {
  const nearZips = zipsInReach(listing.zipCode)
  const byRadius =
    nearZips.length > 0
      ? sql`or (p.data->>'radiusZip' = any(${`{${nearZips.join(',')}}`}::text[]) and p.data->>'radiusMiles' is not null)`
      : sql``
  return rowsOf<Candidate>(
    db,
    sql`${SELECT_BUYER}
    where ${eligible(listing, certifiedOnly)}
      and (b.zip_codes @> array[${listing.zipCode}]::text[] or p.zip_codes @> array[${listing.zipCode}]::text[]
        or (upper(p.data->>'state') = ${listing.state.toUpperCase()}
          and lower(trim(p.data->>'city')) = ${listing.city.trim().toLowerCase()})
        ${byRadius})`,
  )
}

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
    sql`${SELECT_BUYER} where u.id = any(${`{${userIds.join(',')}}`}::uuid[]) and ${eligible(listing, certifiedOnly)}`,
  )
}
