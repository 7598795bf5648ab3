import { desc, eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints, type Interest } from '../../../src/contract'
import { dealInterests, notifications, users } from '../../db/schema'
import { AppError } from '../../http/errors'
import { attachmentDisposition, csvFilename, toCsv, type CsvColumn } from '../../lib/csv'
import type { Database } from '../../db/client'
import { dealAddressForMail, notifySellerOfInterest } from './interest-mail'
import { setFavorite } from './favorites'
import { availabilityOf, findLiveDeal, type DealRow } from './repository'
import { withDeal } from './with-deal'

/** A buyer may tell the seller of a listing that is not their own and still takes offers or interest. */
function assertMayExpressInterest(deal: Pick<DealRow, 'sellerId' | 'status'>, buyer: { id: string }) {
  if (deal.sellerId === buyer.id) throw new AppError(403, 'own_listing', 'ownListingInterest')
  if (availabilityOf(deal.status) === 'unavailable') {
    throw new AppError(409, 'listing_unavailable', 'listingUnavailable')
  }
}

/** Who expressed interest in a listing, latest first, with the e-mail of their account. */
async function interestsOf(db: Database, dealId: string): Promise<Interest[]> {
  const rows = await db
    .select({ interest: dealInterests, email: users.email })
    .from(dealInterests)
    .innerJoin(users, eq(users.id, dealInterests.buyerId))
    .where(eq(dealInterests.dealId, dealId))
    .orderBy(desc(dealInterests.updatedAt))
  return rows.map(
    ({ interest, email }) =>
      ({
        id: interest.id,
        dealId: interest.dealId,
        buyerId: interest.buyerId,
        name: interest.name,
        phone: interest.phone,
        email,
        message: interest.message,
        createdAt: interest.createdAt.toISOString(),
      }) satisfies Interest,
  )
}

// Column names stay English whatever the caller's language: the file is read by spreadsheets and imports.
const INTEREST_COLUMNS: CsvColumn<Interest>[] = [
  { header: 'Name', value: (interest) => interest.name },
  { header: 'Email', value: (interest) => interest.email },
  { header: 'Phone', value: (interest) => interest.phone },
  { header: 'Message', value: (interest) => interest.message },
  { header: 'Date', value: (interest) => new Date(interest.createdAt) },
]

/** Favorites and buyers' interest in a listing. */
export const engagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { favoriteDeal, unfavoriteDeal, expressInterest, listInterests, exportInterestsCsv } = endpoints
  const loadDeal = withDeal(app)

  // Both verbs are idempotent: the answer is the state after the call, however often it is sent.
  app.route({
    method: favoriteDeal.method,
    url: favoriteDeal.path,
    onRequest: app.requireUser,
    preValidation: loadDeal,
    schema: { response: { 200: favoriteDeal.response } },
    handler: async (request) => {
      return setFavorite(app.db, request.user.id, request.deal.id, true)
    },
  })

  app.route({
    method: unfavoriteDeal.method,
    url: unfavoriteDeal.path,
    onRequest: app.requireUser,
    preValidation: loadDeal,
    schema: { response: { 200: unfavoriteDeal.response } },
    handler: async (request) => {
      return setFavorite(app.db, request.user.id, request.deal.id, false)
    },
  })

  app.route({
    method: expressInterest.method,
    url: expressInterest.path,
    onRequest: [app.requireUser, app.requireRole('buyer')],
    preValidation: [loadDeal, async (request) => assertMayExpressInterest(request.deal, request.user)],
    schema: { body: expressInterest.body, response: { 200: expressInterest.response } },
    handler: async (request) => {
      const { name, phone, message } = request.body
      const buyer = request.user
      return app.db.transaction(async (tx) => {
        // Read and check again under a row lock: the listing may have been sold since the checks above.
        const deal = await findLiveDeal(tx, request.deal.id, { lock: true })
        assertMayExpressInterest(deal, buyer)
        // One per buyer and listing: telling the seller again replaces the earlier message.
        const [row] = await tx
          .insert(dealInterests)
          .values({ dealId: deal.id, buyerId: buyer.id, name, phone, message })
          .onConflictDoUpdate({
            target: [dealInterests.dealId, dealInterests.buyerId],
            set: { name, phone, message, updatedAt: sql`now()` },
          })
          .returning()
        if (!row) throw new Error('Interest upsert returned nothing')
        await tx.insert(notifications).values({
          userId: deal.sellerId,
          type: 'deal_interest',
          dealId: deal.id,
          title: name,
          message,
          data: { buyerId: buyer.id, address: dealAddressForMail(deal) },
        })
        await notifySellerOfInterest(app, tx, deal, { name, phone, message, email: buyer.email })
        return {
          id: row.id,
          dealId: row.dealId,
          buyerId: row.buyerId,
          name: row.name,
          phone: row.phone,
          email: buyer.email,
          message: row.message,
          createdAt: row.createdAt.toISOString(),
        } satisfies Interest
      })
    },
  })

  app.route({
    method: listInterests.method,
    url: listInterests.path,
    onRequest: app.requireUser,
    preValidation: withDeal(app, { mustOwn: true }),
    schema: { response: { 200: listInterests.response } },
    handler: async (request) => interestsOf(app.db, request.deal.id),
  })

  // The same people and access as the list above, as a download (spec §2: interested users with CSV export).
  app.route({
    method: exportInterestsCsv.method,
    url: exportInterestsCsv.path,
    onRequest: app.requireUser,
    preValidation: withDeal(app, { mustOwn: true }),
    handler: async (request, reply) => {
      const { deal } = request
      const csv = toCsv(await interestsOf(app.db, deal.id), INTEREST_COLUMNS)
      const filename = csvFilename(['interested-buyers', deal.streetAddress], app.now())
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(filename))
        .header('Cache-Control', 'no-store')
        .send(csv)
    },
  })
}
