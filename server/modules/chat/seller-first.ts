import type { FastifyInstance } from 'fastify'
import { isRowId, type Thread } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { findLiveDeal } from '../deals/repository'
import { hasExpressedInterest } from '../deals/interest'
import { hasOffered } from '../offers/service'
import { findUserById } from '../users/repository'
import { getThread, pushChatEvents, startOrContinueThread, type Author } from './service'

/**
 * The seller writes first: a listing's seller starts (or continues) the conversation with a buyer who
 * expressed interest in it or made an offer on it. Kept apart from `service.ts` because it asks the deals
 * and offers modules, which themselves build on the chat service (no import cycle).
 */

const buyerNotEngaged = () => new AppError(404, 'buyer_not_engaged', 'buyerNotEngaged')

/**
 * POST /api/deals/:id/buyers/:buyerId/thread. 404 for an unknown or deleted listing; 403 for anyone but its
 * own seller (admins and owners are no participant); 404 for a buyer with neither an interest nor an offer
 * (any status) on it: no cold messages to arbitrary users; 409 thread_blocked when their conversation is
 * blocked. The buyer gets the new_thread (or new_message) notice and its realtime event after the commit.
 */
export async function messageBuyer(
  app: FastifyInstance,
  seller: Author,
  dealId: string,
  buyerId: string,
  message: string,
): Promise<Thread> {
  const started = await app.db.transaction(async (tx) => {
    const deal = await findLiveDeal(tx, dealId)
    if (deal.sellerId !== seller.id) throw new AppError(403, 'not_listing_seller', 'notListingSeller')
    if (!isRowId(buyerId) || buyerId === seller.id) throw buyerNotEngaged()
    const engaged = (await hasOffered(tx, deal.id, buyerId)) || (await hasExpressedInterest(tx, deal.id, buyerId))
    const buyer = engaged ? await findUserById(tx, buyerId) : undefined
    if (!buyer) throw buyerNotEngaged()
    return startOrContinueThread(app, tx, buyer, { dealId: deal.id, message, from: seller })
  })
  // Only with `ifBlocked: 'skip'`; a blocked conversation has already answered 409 above.
  if (!started) throw new Error('A refused blocked conversation returned nothing')
  await pushChatEvents(app, started.pushes)
  return getThread(app.db, started.thread.id, seller)
}
