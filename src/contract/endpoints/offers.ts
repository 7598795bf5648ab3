import { z } from 'zod'
import { endpoint } from '../endpoint'
import {
  DeclineOfferInputSchema,
  MyOfferListSchema,
  MyOffersQuerySchema,
  OfferInputSchema,
  OfferListSchema,
  OfferSchema,
  OffersCsvQuerySchema,
} from '../offers'

/**
 * Offers (spec §2 /deals/{id}/offers, §4, §5): buyers make them, the listing's seller (or an admin or owner)
 * reads, exports, accepts and declines them; the buyer withdraws their own.
 */
export const offerEndpoints = {
  /** 403 on one's own listing; 409 `no_new_offers` while pending, `listing_unavailable` once sold or canceled. */
  submitOffer: endpoint({
    method: 'POST',
    path: '/api/deals/:id/offers',
    auth: 'user',
    roles: ['buyer'],
    body: OfferInputSchema,
    responses: { 201: OfferSchema },
  }),
  /** Every offer on the listing, newest first (the seller of the listing, admins and owners). */
  listOffers: endpoint({
    method: 'GET',
    path: '/api/deals/:id/offers',
    auth: 'user',
    responses: { 200: OfferListSchema },
  }),
  /** The same list as CSV (text/csv, UTF-8 with BOM, a header row) in the caller's language, as a download. */
  exportOffersCsv: endpoint({
    method: 'GET',
    path: '/api/deals/:id/offers.csv',
    auth: 'user',
    query: OffersCsvQuerySchema,
    download: 'text/csv',
    responses: { 200: z.string() },
  }),
  /** The listing becomes pending; 409 `offer_not_open` or `deal_not_available` when another won first. */
  acceptOffer: endpoint({
    method: 'POST',
    path: '/api/offers/:offerId/accept',
    auth: 'user',
    responses: { 200: OfferSchema },
  }),
  declineOffer: endpoint({
    method: 'POST',
    path: '/api/offers/:offerId/decline',
    auth: 'user',
    body: DeclineOfferInputSchema,
    responses: { 200: OfferSchema },
  }),
  withdrawOffer: endpoint({
    method: 'POST',
    path: '/api/offers/:offerId/withdraw',
    auth: 'user',
    responses: { 200: OfferSchema },
  }),
  /** The caller's own offers, newest first, each with its listing as they may see it; `dealId` narrows to one. */
  myOffers: endpoint({
    method: 'GET',
    path: '/api/offers/mine',
    auth: 'user',
    query: MyOffersQuerySchema,
    responses: { 200: MyOfferListSchema },
  }),
} as const
