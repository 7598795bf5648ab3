import { endpoint } from '../endpoint'
import {
  BuyerAnalyticsSchema,
  BuyerFiltersSchema,
  BuyerLocationsQuerySchema,
  BuyerLocationsSchema,
  ZipAnalyticsQuerySchema,
  ZipAnalyticsSchema,
} from '../buyer-maps'

/** Buyer demand (issue 26): the buyer map and its analytics for sellers, owners and admins; a ZIP's for anyone. */
export const buyerMapEndpoints = {
  buyerLocations: endpoint({
    method: 'GET',
    path: '/api/buyers/locations',
    auth: 'user',
    roles: ['originator', 'owner', 'admin'],
    query: BuyerLocationsQuerySchema,
    responses: { 200: BuyerLocationsSchema },
  }),
  buyerAnalytics: endpoint({
    method: 'GET',
    path: '/api/buyers/analytics',
    auth: 'user',
    roles: ['originator', 'owner', 'admin'],
    query: BuyerFiltersSchema,
    responses: { 200: BuyerAnalyticsSchema },
  }),
  zipAnalytics: endpoint({
    method: 'GET',
    path: '/api/analytics/zip-analytics/:zip',
    auth: 'public',
    query: ZipAnalyticsQuerySchema,
    responses: { 200: ZipAnalyticsSchema },
  }),
}
