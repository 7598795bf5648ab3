import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { dealPhotos, deals } from '../../db/schema'
import type { ServerLanguage } from '../../http/i18n'
import { readAll } from '../../db/reads'
import { mailPhrase } from '../mail/templates'
import type { UserRow } from '../users/repository'
import { hasAllAccess } from '../users/roles'
import { toDealPhoto } from './photo-list'

export type DealFacts = Pick<
  typeof deals.$inferSelect,
  'id' | 'sellerId' | 'streetAddress' | 'hideAddress' | 'city' | 'state' | 'zipCode' | 'status' | 'createdAt'
> & { coverPhotoUrl: string | null; acceptedBuyerId: string | null }

type Viewer = Pick<UserRow, 'id' | 'roles'>

/**
 * Who sees a hidden street: the listing's seller, admins and owners, and the buyer whose offer on it is
 * accepted (`acceptedBuyerId`, while it stays accepted); everyone else gets null and `addressHidden` (the
 * listing page, conversations and the bell alike).
 */
export const isAddressHiddenFrom = (
  deal: { hideAddress: boolean; sellerId: string; acceptedBuyerId?: string | null },
  viewer: Viewer,
) =>
  deal.hideAddress && deal.sellerId !== viewer.id && deal.acceptedBuyerId !== viewer.id && !hasAllAccess(viewer.roles)

type AddressFacts = Pick<DealFacts, 'sellerId' | 'streetAddress' | 'hideAddress' | 'city' | 'state' | 'zipCode'> & {
  acceptedBuyerId?: string | null
}

/** The bell's dealInfo for a notice to `reader` (spec §3): the street null when it is hidden from them. */
export function noticeDealInfo(deal: AddressFacts, reader: Viewer) {
  return {
    address: isAddressHiddenFrom(deal, reader) ? null : deal.streetAddress,
    hideAddress: deal.hideAddress,
    city: deal.city,
    state: deal.state,
    zip: deal.zipCode,
  }
}

/**
 * The listing's address in a text `reader` receives (a notice, a mail, its subject), in their language:
 * "12 Oak St, Phoenix, AZ 85001", or "Phoenix, AZ 85001 (address undisclosed)" when the street is hidden from
 * them. Every text about a listing names it through here, so nobody reads a street the listing hides from them.
 */
export async function addressFor(deal: AddressFacts, reader: Viewer & { language: ServerLanguage }) {
  const area = `${deal.city}, ${deal.state} ${deal.zipCode}`
  if (isAddressHiddenFrom(deal, reader)) return mailPhrase(reader.language, 'addressHidden', { area })
  return `${deal.streetAddress}, ${area}`
}

/** A listing as `viewer` may see it in lists of their own (conversations, offers, interests): the street null when hidden. */
export function dealAsSeenBy(deal: DealFacts, viewer: Viewer) {
  const addressHidden = isAddressHiddenFrom(deal, viewer)
  return {
    id: deal.id,
    streetAddress: addressHidden ? null : deal.streetAddress,
    addressHidden,
    city: deal.city,
    state: deal.state,
    zipCode: deal.zipCode,
    coverPhotoUrl: deal.coverPhotoUrl,
    status: deal.status,
  }
}

// Qualified by hand: inside a subquery drizzle would print the bare column name, which the inner table shadows.
const dealIdColumn = sql.raw('"deals"."id"')

/** The buyer whose offer on the listing is accepted (at most one: a unique index), as a column of `deals`. */
const acceptedBuyerIdColumn = sql<
  string | null
>`(select o.buyer_id from offers o where o.deal_id = ${dealIdColumn} and o.status = 'accepted' limit 1)`

/**
 * Each deal's facts by id, with its first photo's thumbnail, deleted listings included (a conversation
 * outlives its listing): what other modules show of many deals at once.
 */
export async function dealFacts(db: Database, ids: string[]): Promise<Map<string, DealFacts>> {
  if (ids.length === 0) return new Map()
  const [rows, covers] = await readAll(db, [
    () =>
      db
        .select({
          id: deals.id,
          sellerId: deals.sellerId,
          streetAddress: deals.streetAddress,
          hideAddress: deals.hideAddress,
          city: deals.city,
          state: deals.state,
          zipCode: deals.zipCode,
          status: deals.status,
          createdAt: deals.createdAt,
          acceptedBuyerId: acceptedBuyerIdColumn,
        })
        .from(deals)
        .where(inArray(deals.id, ids)),
    () =>
      db
        .select()
        .from(dealPhotos)
        .where(and(inArray(dealPhotos.dealId, ids), eq(dealPhotos.position, 0))),
  ])
  const coverOf = new Map(covers.map((photo) => [photo.dealId, toDealPhoto(photo).thumbUrl]))
  return new Map(rows.map((row) => [row.id, { ...row, coverPhotoUrl: coverOf.get(row.id) ?? null }]))
}
