import { and, arrayOverlaps, asc, count, eq, inArray, sql } from 'drizzle-orm'
import zipcodes from 'zipcodes'
import {
  MEMBER_DEAL_TYPES,
  OWNERS_DIRECTORY_MAX,
  OWNERS_MEMBER_ZIPS_MAX,
  type MemberDealType,
  type OwnersClubMember,
  type OwnersLocations,
  type OwnersZip,
} from '../../../src/contract'
import type { Database } from '../../db/client'
import { deals, sellerPreferences, users } from '../../db/schema'
import { PRIVILEGED_ROLES } from '../../../src/contract'
import { readAll } from '../../db/reads'
import { displayName } from '../chat/service'

/**
 * The Owners Club's answer: where members (active sellers, owners, admins) have live listings, by ZIP code at
 * the ZIP's centre (never a listing's address or position), and the directory of those who opted in.
 */

const LIVE = ['active', 'exclusive'] as const

/** An active account in a member role. */
export const isMemberRow = () => and(eq(users.status, 'active'), arrayOverlaps(users.roles, [...PRIVILEGED_ROLES]))

/** Who the directory lists: members who opted in. */
export const isListedMember = () => and(isMemberRow(), eq(users.ownersClubListed, true))

async function zipsOfMembers(db: Database): Promise<OwnersZip[]> {
  const rows = await db
    .select({ zipCode: deals.zipCode, members: sql<number>`count(distinct ${deals.sellerId})::int` })
    .from(deals)
    .innerJoin(users, eq(users.id, deals.sellerId))
    .where(and(inArray(deals.status, LIVE), isMemberRow()))
    .groupBy(deals.zipCode)
  const answer: OwnersZip[] = []
  for (const row of rows) {
    const place = zipcodes.lookup(row.zipCode)
    if (!place || (place.latitude === 0 && place.longitude === 0)) continue
    answer.push({
      zipCode: row.zipCode,
      city: place.city,
      state: place.state,
      lat: place.latitude,
      lng: place.longitude,
      members: row.members,
    })
  }
  return answer.sort((a, b) => b.members - a.members || a.zipCode.localeCompare(b.zipCode))
}

const isDealType = (value: unknown): value is MemberDealType =>
  typeof value === 'string' && (MEMBER_DEAL_TYPES as readonly string[]).includes(value)

async function directory(db: Database): Promise<{ members: OwnersClubMember[]; total: number }> {
  const [people, [counted]] = await readAll(db, [
    () =>
      db
        .select()
        .from(users)
        .where(isListedMember())
        .orderBy(sql`${users.companyName} asc nulls last`, asc(users.firstName), asc(users.lastName), asc(users.id))
        .limit(OWNERS_DIRECTORY_MAX),
    () => db.select({ n: count() }).from(users).where(isListedMember()),
  ])
  const ids = people.map((person) => person.id)
  if (ids.length === 0) return { members: [], total: counted?.n ?? 0 }
  const [markets, preferences] = await readAll(db, [
    () =>
      db
        .select({ sellerId: deals.sellerId, zipCode: deals.zipCode, city: deals.city, state: deals.state, n: count() })
        .from(deals)
        .where(and(inArray(deals.status, LIVE), inArray(deals.sellerId, ids)))
        .groupBy(deals.sellerId, deals.zipCode, deals.city, deals.state)
        .orderBy(sql`count(*) desc`, asc(deals.zipCode)),
    () =>
      db
        .select({ userId: sellerPreferences.userId, data: sellerPreferences.data })
        .from(sellerPreferences)
        .where(inArray(sellerPreferences.userId, ids)),
  ])
  const preferenceOf = new Map(
    preferences.map((row) => [row.userId, (row.data ?? {}) as { states?: unknown; dealTypes?: unknown }]),
  )
  const members = people.map((person): OwnersClubMember => {
    const own = markets.filter((market) => market.sellerId === person.id)
    const preference = preferenceOf.get(person.id)
    const preferredStates = Array.isArray(preference?.states)
      ? preference.states.filter((s) => typeof s === 'string')
      : []
    const savedTypes = person.ownersClubDealTypes.length > 0 ? person.ownersClubDealTypes : preference?.dealTypes
    const seen = new Set<string>()
    return {
      id: person.id,
      name: displayName(person),
      companyName: person.companyName,
      companyLogoUrl: person.companyLogoUrl,
      markets: own
        .filter((market) => !seen.has(market.zipCode) && seen.add(market.zipCode))
        .slice(0, OWNERS_MEMBER_ZIPS_MAX)
        .map(({ zipCode, city, state }) => ({ zipCode, city, state })),
      states: [...new Set([...own.map((market) => market.state), ...preferredStates])].sort(),
      dealTypes: Array.isArray(savedTypes) ? [...new Set(savedTypes.filter(isDealType))] : [],
      contact: { phone: person.companyPhone, email: person.companyEmail },
    }
  })
  return { members, total: counted?.n ?? 0 }
}

/** GET /api/owners/locations. */
export async function ownersLocations(db: Database): Promise<OwnersLocations> {
  const [zips, listed] = await readAll(db, [() => zipsOfMembers(db), () => directory(db)])
  return { zips, directory: listed.members, directoryTotal: listed.total }
}
