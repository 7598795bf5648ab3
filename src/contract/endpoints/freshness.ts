import { endpoint } from '../endpoint'
import { ListingConfirmationSchema, ListingConfirmTokenSchema, ListingFreshnessSettingsSchema } from '../freshness'

/** Listing freshness: its two periods (admins), and the seller's "Still available" (signed in or by mail link). */
export const freshnessEndpoints = {
  adminGetListingFreshness: endpoint({
    method: 'GET',
    path: '/api/admin/settings/listing-freshness',
    auth: 'user',
    roles: ['admin'],
    responses: { 200: ListingFreshnessSettingsSchema },
  }),
  adminPutListingFreshness: endpoint({
    method: 'PUT',
    path: '/api/admin/settings/listing-freshness',
    auth: 'user',
    roles: ['admin'],
    body: ListingFreshnessSettingsSchema,
    responses: { 200: ListingFreshnessSettingsSchema },
  }),
  /** The seller (or an admin) says the listing is still available: it counts as updated today. */
  confirmListing: endpoint({
    method: 'POST',
    path: '/api/deals/:id/still-available',
    auth: 'user',
    responses: { 200: ListingConfirmationSchema },
  }),
  /**
   * The reminder mail's one-click "Still available", signed out (the token names the listing); 400
   * `invalid_token` for a token that is not ours, 410 `listing_not_live` once the listing is off the market.
   */
  confirmListingByToken: endpoint({
    method: 'POST',
    path: '/api/listing-confirmations',
    auth: 'public',
    body: ListingConfirmTokenSchema,
    responses: { 200: ListingConfirmationSchema },
  }),
}
