import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type z } from 'zod'
import { api } from '@/api/client'
import { dealKeys } from '@/api/keys'
import { endpoints, type MyDealsQuerySchema, pathFor, type StatusChangeInput } from '@/contract'

export type MyDealsQuery = z.infer<typeof MyDealsQuerySchema>

export const useMyDeals = (query: MyDealsQuery) =>
  useQuery({
    queryKey: dealKeys.mine(query),
    queryFn: ({ signal }) => api.get(endpoints.myDeals.path, { query, schema: endpoints.myDeals.response, signal }),
  })

export const useStatusHistory = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: dealKeys.history(id),
    queryFn: ({ signal }) =>
      api.get(pathFor(endpoints.dealStatusHistory.path, { id }), {
        schema: endpoints.dealStatusHistory.response,
        signal,
      }),
    enabled,
  })

/** After a change every listing view (mine, browse, map, detail, history) may be out of date. */
function useRefreshDeals() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: dealKeys.all() })
}

export function useChangeStatus(id: string) {
  const refresh = useRefreshDeals()
  return useMutation({
    mutationFn: (input: StatusChangeInput) => api.post(pathFor(endpoints.changeDealStatus.path, { id }), input),
    onSuccess: refresh,
    // The dialog shows the failure itself.
    onError: () => undefined,
  })
}

export function useDeleteDeal(id: string) {
  const refresh = useRefreshDeals()
  return useMutation({
    mutationFn: () => api.delete(pathFor(endpoints.deleteDeal.path, { id }), { schema: endpoints.deleteDeal.response }),
    onSuccess: refresh,
    onError: () => undefined,
  })
}
