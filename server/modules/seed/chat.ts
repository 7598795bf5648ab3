import type { FastifyInstance } from 'fastify'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { deals, users } from '../../db/schema'
import { sendMessage, startOrContinueThread } from '../chat/service'

/** The demo conversation: the demo buyer asks about a live listing of the demo seller, who answers. */
const OPENING = 'Hi! Is this one still available? I can close in 21 days with cash.'
const ANSWER = 'Yes, it is. Would you like to see it this week? I can send the inspection report too.'

/**
 * One conversation between buyer@demo.test and seller@demo.test about the seller's first live listing, so
 * /chat and the bell are not empty on a fresh demo. Answers whether it was made (false when an account or a
 * listing is missing).
 */
export async function seedConversation(app: FastifyInstance): Promise<boolean> {
  const people = await app.db
    .select()
    .from(users)
    .where(inArray(users.email, ['buyer@demo.test', 'seller@demo.test']))
  const buyer = people.find((person) => person.email === 'buyer@demo.test')
  const seller = people.find((person) => person.email === 'seller@demo.test')
  if (!buyer || !seller) return false
  const [deal] = await app.db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.sellerId, seller.id), inArray(deals.status, ['active', 'exclusive'])))
    .orderBy(asc(deals.createdAt), asc(deals.id))
    .limit(1)
  if (!deal) return false
  const started = await app.db.transaction((tx) =>
    startOrContinueThread(app, tx, buyer, { dealId: deal.id, message: OPENING, ifBlocked: 'skip' }),
  )
  if (!started) return false
  await sendMessage(app, seller, started.thread.id, ANSWER)
  return true
}
