import { and, eq, inArray } from 'drizzle-orm'
import type { ThreadDeal } from '../../../src/contract'
import type { Database } from '../../db/client'
import { dealPhotos, deals } from '../../db/schema'
import { toDealPhoto } from '../deals/photo-list'
import type { DealRow } from '../deals/repository'
import type { UserRow } from '../users/repository'
import { hasAllAccess } from '../users/roles'

/*
 * What a conversation shows of its deal. Reads the deals module's tables for many deals at once (a page of
 * threads), including deleted ones (a conversation outlives its listing), which no deals function offers:
 * this file belongs in the deals repository and should move there.
 */

export type DealFacts = Pick<
  DealRow,
  'id' | 'sellerId' | 'streetAddress' | 'hideAddress' | 'city' | 'state' | 'zipCode' | 'status'
> & { coverPhotoUrl: string | null }

type Viewer = Pick<UserRow, 'id' | 'roles'>

/**
 * The deals module's rule (toDeal): a hidden street is shown only to the listing's seller, admins and
 * owners; everyone else gets null and `addressHidden`.
 */
export const isAddressHiddenFrom = (deal: Pick<DealRow, 'hideAddress' | 'sellerId'>, viewer: Viewer) =>
  deal.hideAddress && deal.sellerId !== viewer.id && !hasAllAccess(viewer.roles)

/** Each deal's facts by id, with its first photo's thumbnail. */
export async function dealFacts(db: Database, ids: string[]): Promise<Map<string, DealFacts>> {
  if (ids.length === 0) return new Map()
  const [rows, covers] = await Promise.all([
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
      })
      .from(deals)
      .where(inArray(deals.id, ids)),
    db
      .select()
      .from(dealPhotos)
      .where(and(inArray(dealPhotos.dealId, ids), eq(dealPhotos.position, 0))),
  ])
  const coverOf = new Map(covers.map((photo) => [photo.dealId, toDealPhoto(photo).thumbUrl]))
  return new Map(rows.map((row) => [row.id, { ...row, coverPhotoUrl: coverOf.get(row.id) ?? null }]))
}

/** The deal as `viewer` may see it in a conversation. */
export function toThreadDeal(deal: DealFacts, viewer: Viewer): ThreadDeal {
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

/** The bell's dealInfo for a recipient (spec §3): the address null when it is hidden from them. */
export function dealInfoFor(
  deal: Pick<DealRow, 'sellerId' | 'streetAddress' | 'hideAddress' | 'city' | 'state' | 'zipCode'>,
  recipient: Viewer,
) {
  return {
    address: isAddressHiddenFrom(deal, recipient) ? null : deal.streetAddress,
    hideAddress: deal.hideAddress,
    city: deal.city,
    state: deal.state,
    zip: deal.zipCode,
  }
}
