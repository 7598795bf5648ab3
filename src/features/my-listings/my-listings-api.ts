import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type z } from 'zod'
import { call } from '@/api/call'
import { pathKey, queryFor } from '@/api/queries'
import { endpoints, type MyDealsQuerySchema, type StatusChangeInput } from '@/contract'

export type MyDealsQuery = z.infer<typeof MyDealsQuerySchema>

export const useMyDeals = (query: MyDealsQuery) => useQuery(queryFor(endpoints.myDeals, { query }))

export const useStatusHistory = (id: string, enabled: boolean) =>
  useQuery({ ...queryFor(endpoints.dealStatusHistory, { params: { id } }), enabled })

/** After a change every listing view (mine, browse, map, detail, history) may be out of date. */
function useRefreshDeals() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: pathKey(endpoints.listDeals) })
}

export function useChangeStatus(id: string) {
  const refresh = useRefreshDeals()
  return useMutation({
    mutationFn: (input: StatusChangeInput) => call(endpoints.changeDealStatus, { params: { id }, body: input }),
    onSuccess: refresh,
    // The dialog shows the failure itself.
    onError: () => undefined,
  })
}

export function useDeleteDeal(id: string) {
  const refresh = useRefreshDeals()
  return useMutation({
    mutationFn: () => call(endpoints.deleteDeal, { params: { id } }),
    onSuccess: refresh,
    onError: () => undefined,
  })
}
