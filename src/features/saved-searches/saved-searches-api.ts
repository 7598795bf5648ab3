import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/call'
import { keyFor, queryFor } from '@/api/queries'
import { endpoints, type SavedSearchInput, type SavedSearchUpdate } from '@/contract'

const listKey = keyFor(endpoints.listSavedSearches)

export const useSavedSearches = () => useQuery(queryFor(endpoints.listSavedSearches))

export function useCreateSavedSearch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SavedSearchInput) => call(endpoints.createSavedSearch, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  })
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SavedSearchUpdate }) =>
      call(endpoints.updateSavedSearch, { params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  })
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(endpoints.deleteSavedSearch, { params: { id } }),
    onSuccess: (left) => queryClient.setQueryData(listKey, left),
  })
}
