import { and, desc, eq, ne } from 'drizzle-orm'
import { isRowId, type OfferValues } from '../../../src/contract'
import type { Database } from '../../db/client'
import { offers } from '../../db/schema'
import { AppError } from '../../http/errors'
import { findLiveDeal } from '../deals/repository'

/** The offers table: every read and write of it (the service decides, this module only stores). */

export type OfferRow = typeof offers.$inferSelect
type OfferStatus = OfferRow['status']

export const offerNotFound = () => new AppError(404, 'offer_not_found', 'offerNotFound')

/** Withdraws the buyer's open offer on the listing, if any (a new one replaces it). */
export async function withdrawOpenOffer(tx: Database, dealId: string, buyerId: string, at: Date) {
  await tx
    .update(offers)
    .set({ status: 'withdrawn', decidedAt: at })
    .where(and(eq(offers.dealId, dealId), eq(offers.buyerId, buyerId), eq(offers.status, 'submitted')))
}

export async function insertOffer(
  tx: Database,
  offer: OfferValues & { dealId: string; buyerId: string; createdAt: Date },
): Promise<OfferRow> {
  const [inserted] = await tx.insert(offers).values(offer).returning()
  if (!inserted) throw new Error('Offer insert returned nothing')
  return inserted
}

/** Whether this buyer has made an offer on this listing, in any status (ids must be UUIDs). */
export async function hasOffered(db: Database, dealId: string, buyerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.dealId, dealId), eq(offers.buyerId, buyerId)))
    .limit(1)
  return rows.length > 0
}

/** Every offer on a listing, newest first. */
export function offerRowsOfDeal(db: Database, dealId: string): Promise<OfferRow[]> {
  return db.select().from(offers).where(eq(offers.dealId, dealId)).orderBy(desc(offers.createdAt), desc(offers.id))
}

/** A buyer's offers (on one listing when `dealId` is given), newest first. */
export function offerRowsOfBuyer(db: Database, buyerId: string, dealId?: string): Promise<OfferRow[]> {
  return db
    .select()
    .from(offers)
    .where(and(eq(offers.buyerId, buyerId), dealId === undefined ? undefined : eq(offers.dealId, dealId)))
    .orderBy(desc(offers.createdAt), desc(offers.id))
}

/** The offer and its live listing: 404 when either is missing (a deleted listing's offers are gone too). */
export async function findOfferWithDeal(db: Database, offerId: string, options: { lock?: boolean } = {}) {
  if (!isRowId(offerId)) throw offerNotFound()
  const [offer] = await db.select({ dealId: offers.dealId }).from(offers).where(eq(offers.id, offerId))
  if (!offer) throw offerNotFound()
  const deal = await findLiveDeal(db, offer.dealId, options).catch((error: unknown) => {
    throw error instanceof AppError && error.statusCode === 404 ? offerNotFound() : error
  })
  const query = db.select().from(offers).where(eq(offers.id, offerId))
  const [row] = options.lock ? await query.for('update') : await query
  if (!row) throw offerNotFound()
  return { offer: row, deal }
}

/** Records a decision on one offer; 404 when it went missing. */
export async function decideOffer(
  tx: Database,
  offerId: string,
  decision: { status: OfferStatus; decidedAt: Date; declineReason?: string | null },
): Promise<OfferRow> {
  const [updated] = await tx.update(offers).set(decision).where(eq(offers.id, offerId)).returning()
  if (!updated) throw offerNotFound()
  return updated
}

/** Every other open offer on the listing is not accepted (one was); answers them. */
export function closeOtherOffers(tx: Database, dealId: string, acceptedId: string, at: Date): Promise<OfferRow[]> {
  return tx
    .update(offers)
    .set({ status: 'not_accepted', decidedAt: at })
    .where(and(eq(offers.dealId, dealId), eq(offers.status, 'submitted'), ne(offers.id, acceptedId)))
    .returning()
}
