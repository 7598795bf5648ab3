import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { isApiError } from '@/api/errors'
import { queryFor } from '@/api/queries'
import { endpoints, type BuyerFilters } from '@/contract'
import type { MapViewport } from '@/features/maps'

/** A 4xx is an answer (the page says so), never retried. */
const retryServerErrors = (count: number, error: unknown) => !(isApiError(error) && error.status < 500) && count < 2

/** Buyers per ZIP in the viewport, clustered by the server; the last markers stay while new ones load. */
export function useBuyerLocations(filters: BuyerFilters, viewport: MapViewport | null) {
  return useQuery({
    ...queryFor(endpoints.buyerLocations, {
      query: { ...filters, bbox: viewport?.bbox ?? '', zoom: viewport?.zoom ?? 0 },
    }),
    enabled: viewport !== null,
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  })
}

/** Buyers by state, budget, financing, credit range and property type for the same filters. */
export function useBuyerAnalytics(filters: BuyerFilters, enabled: boolean) {
  return useQuery({
    ...queryFor(endpoints.buyerAnalytics, { query: filters }),
    enabled,
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  })
}

/** A ZIP code's demand and live listings, with a radius's too when one is chosen. */
export function useZipAnalytics(zip: string, radiusMiles: number | undefined) {
  return useQuery({
    ...queryFor(endpoints.zipAnalytics, { params: { zip }, query: radiusMiles ? { radiusMiles } : {} }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  })
}
