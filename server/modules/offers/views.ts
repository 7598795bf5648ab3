import { isRowId, type MyOffer, type Offer, type ReceivedOffer } from '../../../src/contract'
import type { Database } from '../../db/client'
import { dealThreadsByBuyer } from '../chat/deal-threads'
import { displayName } from '../chat/service'
import { dealAsSeenBy, dealFacts } from '../deals/facts'
import { peopleOf, type PersonRow, type UserRow } from '../users/repository'
import { offerRowsOfBuyer, offerRowsOfDeal, type OfferRow } from './repository'

/** Offers as the contract shows them: the seller's table, the buyer's own list. */

export function toOffer(
  row: OfferRow,
  buyer: Pick<PersonRow, 'firstName' | 'lastName' | 'certifiedBuyer'> | undefined,
): Offer {
  return {
    id: row.id,
    dealId: row.dealId,
    buyer: {
      id: row.buyerId,
      name: buyer ? displayName(buyer) : '',
      certified: buyer?.certifiedBuyer ?? false,
    },
    type: row.type,
    purchasePrice: row.purchasePrice,
    entryFee: row.entryFee,
    closeOfEscrowDate: row.closeOfEscrowDate,
    message: row.message,
    status: row.status,
    declineReason: row.declineReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }
}

export async function toOffers(db: Database, rows: OfferRow[]): Promise<Offer[]> {
  const people = await peopleOf(
    db,
    rows.map((row) => row.buyerId),
  )
  return rows.map((row) => toOffer(row, people.get(row.buyerId)))
}

/** Every offer on a listing, newest first, with each buyer's name and badge. */
export async function offersOf(db: Database, dealId: string): Promise<Offer[]> {
  return toOffers(db, await offerRowsOfDeal(db, dealId))
}

/** The seller's view of a listing's offers: each with the conversation with its buyer about it, if any. */
export async function receivedOffersOf(db: Database, dealId: string): Promise<ReceivedOffer[]> {
  const list = await offersOf(db, dealId)
  const threads = await dealThreadsByBuyer(
    db,
    dealId,
    list.map((offer) => offer.buyer.id),
  )
  return list.map((offer) => ({ ...offer, threadId: threads.get(offer.buyer.id) ?? null }))
}

/** The caller's own offers (on one listing when `dealId` is given), newest first, with the listing as they may see it. */
export async function myOffers(db: Database, viewer: UserRow, dealId?: string): Promise<MyOffer[]> {
  if (dealId !== undefined && !isRowId(dealId)) return []
  const rows = await offerRowsOfBuyer(db, viewer.id, dealId)
  const facts = await dealFacts(db, [...new Set(rows.map((row) => row.dealId))])
  return rows.flatMap((row) => {
    const deal = facts.get(row.dealId)
    if (!deal) return []
    return [{ ...toOffer(row, viewer), deal: dealAsSeenBy(deal, viewer) }]
  })
}
