import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import type { Role } from '../../../src/contract'
import type { ServerLanguage } from '../../http/i18n'

/** A buyer whose buy box or preferences name a place, with both documents as stored (parse before use). */
export type BuyerForPlace = {
  id: string
  email: string
  firstName: string | null
  roles: Role[]
  language: ServerLanguage
  buyBox: unknown
  preferences: unknown
}

export type Place = { zipCode: string; state: string; city: string }

/**
 * Active buyers (and owners, who keep a buy box) whose buy box or preferences name this ZIP code, or whose
 * preferences name its state and city, Certified or not as asked, never `exceptUserId`. SQL narrows by place
 * through the ZIP-code GIN indexes of the profile documents this module owns; callers decide the rest of the
 * match with the contract's schemas.
 */
export async function buyersForPlace(
  db: Database,
  place: Place,
  { certified, exceptUserId }: { certified: boolean; exceptUserId: string },
): Promise<BuyerForPlace[]> {
  return rowsOf<BuyerForPlace>(
    db,
    sql`
    select u.id, u.email, u.first_name as "firstName", u.roles, u.language, b.data as "buyBox", p.data as preferences
    from users u
    left join buy_boxes b on b.user_id = u.id
    left join buyer_preferences p on p.user_id = u.id
    where u.status = 'active' and u.id <> ${exceptUserId} and u.certified_buyer = ${certified}
      and (u.roles && array['buyer', 'owner']::text[])
      and (b.zip_codes @> array[${place.zipCode}]::text[] or p.zip_codes @> array[${place.zipCode}]::text[]
        or (upper(p.data->>'state') = ${place.state.toUpperCase()} and lower(p.data->>'city') = ${place.city.toLowerCase()}))`,
  )
}
