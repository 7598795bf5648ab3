import { and, count, desc, eq, ne, sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import type { z } from 'zod'
import { endpoints, staleDaysOf, type MyDealSchema } from '../../../src/contract'
import { deals } from '../../db/schema'
import { UPLOADS_PREFIX } from '../../files'
import { implement } from '../../http/implement'
import { availabilityOf, dealColumns } from './repository'
import { getSetting } from '../settings/service'

type MyDeal = z.output<typeof MyDealSchema>

// Qualified by hand: inside a subquery drizzle would print the bare column name, which the inner table shadows.
const dealId = sql.raw('"deals"."id"')

/**
 * The caller's own listings (never deleted ones), newest first, a page at a time with the exact total,
 * for the "My listings" table. A page past the end answers no items and the total, so the page can offer
 * the last one.
 */
export const myDealsRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.myDeals, async (request) => {
    const { listingStaleAfterDays } = await getSetting(app.db, 'listing_freshness')
    const now = app.now()
    const { status, dealCategory, page, pageSize } = request.query
    const where = and(
      eq(deals.sellerId, request.user.id),
      ne(deals.status, 'deleted'),
      status ? eq(deals.status, status) : undefined,
      dealCategory ? eq(deals.dealCategory, dealCategory) : undefined,
    )
    // A seller has hundreds of listings at most: an exact count next to the page costs nothing.
    const [counted] = await app.db.select({ total: count() }).from(deals).where(where)
    const rows = await app.db
      .select({
        deal: dealColumns,
        coverKey: sql<
          string | null
        >`(select p.thumb_key from deal_photos p where p.deal_id = ${dealId} order by p.position limit 1)`,
        favoriteCount: sql<number>`(select count(*)::int from deal_favorites f where f.deal_id = ${dealId})`,
        isFavorite: sql<boolean>`exists (select 1 from deal_favorites f where f.deal_id = ${dealId} and f.user_id = ${request.user.id})`,
        interestCount: sql<number>`(select count(*)::int from deal_interests i where i.deal_id = ${dealId})`,
        // Offers the seller has or had to decide on: a withdrawn (or replaced) one is not counted.
        offerCount: sql<number>`(select count(*)::int from offers o where o.deal_id = ${dealId} and o.status <> 'withdrawn')`,
      })
      .from(deals)
      .where(where)
      .orderBy(desc(deals.createdAt), desc(deals.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
    const items = rows.map(
      ({ deal, coverKey, favoriteCount, isFavorite, interestCount, offerCount }) =>
        ({
          id: deal.id,
          // The seller always sees their own street, hidden from buyers or not.
          streetAddress: deal.streetAddress,
          addressHidden: false,
          city: deal.city,
          state: deal.state,
          zipCode: deal.zipCode,
          dealCategory: deal.dealCategory,
          purchaseType: deal.purchaseType,
          propertyType: deal.propertyType,
          purchasePrice: deal.purchasePrice,
          entryFee: deal.entryFee,
          interestRate: deal.interestRate ?? deal.sellerInterestRate,
          monthlyPayment: deal.piti ?? deal.pi ?? deal.leaseMonthlyPayment,
          bedrooms: deal.bedrooms,
          bathrooms: deal.bathrooms,
          squareFootage: deal.squareFootage,
          status: deal.status,
          availability: availabilityOf(deal.status),
          tags: deal.tags,
          coverPhotoUrl: coverKey ? `${UPLOADS_PREFIX}${coverKey}` : null,
          favoriteCount: Number(favoriteCount),
          isFavorite: Boolean(isFavorite),
          latitude: deal.latitude,
          longitude: deal.longitude,
          listedOn: deal.createdAt.toISOString(),
          staleDays:
            availabilityOf(deal.status) === 'available'
              ? staleDaysOf(deal.confirmedAt, listingStaleAfterDays, now)
              : null,
          interestCount: Number(interestCount),
          offerCount: Number(offerCount),
          updatedAt: deal.updatedAt.toISOString(),
        }) satisfies MyDeal,
    )
    return { items, total: Number(counted?.total ?? 0), page, pageSize }
  })
}
