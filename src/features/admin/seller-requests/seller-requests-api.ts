import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/call'
import { pathKey, queryFor } from '@/api/queries'
import { endpoints, type SellerRequestStatus } from '@/contract'

export const SELLER_REQUESTS_PAGE_SIZE = 20

/** A page of requests, newest first, of one status (or all of them). */
export const useSellerRequests = (status: SellerRequestStatus | undefined, page: number) =>
  useQuery({
    ...queryFor(endpoints.adminSellerRequests, {
      query: { ...(status && { status }), page, pageSize: SELLER_REQUESTS_PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
  })

/** Approve or decline; every list is fetched again, since the request moves between them. */
export function useDecideSellerRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (decision: { id: string; approve: true } | { id: string; approve: false; reason: string }) =>
      decision.approve
        ? call(endpoints.adminApproveSellerRequest, { params: { id: decision.id } })
        : call(endpoints.adminDeclineSellerRequest, {
            params: { id: decision.id },
            body: { reason: decision.reason },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pathKey(endpoints.adminSellerRequests) }),
  })
}
