import { useQuery } from '@tanstack/react-query'
import { isApiError } from '@/api/errors'
import { queryFor } from '@/api/queries'
import { endpoints } from '@/contract'

/** A 4xx is an answer (the page says so), never retried. */
const retryServerErrors = (count: number, error: unknown) => !(isApiError(error) && error.status < 500) && count < 2

/** Members' markets by ZIP code and the directory (one answer for the whole country: no viewport). */
export function useOwnersLocations() {
  return useQuery({ ...queryFor(endpoints.ownersLocations), retry: retryServerErrors })
}
