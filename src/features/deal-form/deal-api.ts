import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/call'
import { isApiError } from '@/api/errors'
import { keyFor, pathKey, queryFor } from '@/api/queries'
import { shouldRetryQuery } from '@/api/query-client'
import { endpoints, type DealInput } from '@/contract'

/*
 * The listing endpoints the form uses. Mutations take no generic error toast: the form puts field
 * messages next to fields and shows its own alert.
 */

export const useDeal = (id: string | undefined) =>
  useQuery({
    ...queryFor(endpoints.getDeal, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
    // A listing that is gone or not theirs will not appear by asking again.
    retry: (count, error) =>
      !(isApiError(error) && [403, 404].includes(error.status)) && shouldRetryQuery(count, error),
  })

export function useSaveDeal(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    // sameAddressConfirmed: the seller chose to list a property they already list (another version of it).
    mutationFn: ({ input, sameAddressConfirmed = false }: { input: DealInput; sameAddressConfirmed?: boolean }) => {
      const query = sameAddressConfirmed ? { sameAddress: 'confirmed' as const } : undefined
      return id
        ? call(endpoints.updateDeal, { params: { id }, body: input, query })
        : call(endpoints.createDeal, { body: input, query })
    },
    onSuccess: async (deal) => {
      queryClient.setQueryData(keyFor(endpoints.getDeal, { params: { id: deal.id } }), deal)
      await queryClient.invalidateQueries({ queryKey: pathKey(endpoints.listDeals), refetchType: 'none' })
    },
    onError: () => undefined,
  })
}

/** `onProgress` gets the fraction of the file sent; at 1 the server is still making the thumbnails. */
export const uploadDealPhoto = (dealId: string, file: File, onProgress?: (fraction: number) => void) => {
  const form = new FormData()
  form.append('file', file)
  return call(endpoints.uploadDealPhotos, { params: { id: dealId }, body: form, onUploadProgress: onProgress })
}

export const deleteDealPhoto = (dealId: string, photoId: string) =>
  call(endpoints.deleteDealPhoto, { params: { id: dealId, photoId } })

export const orderDealPhotos = (dealId: string, photoIds: string[]) =>
  call(endpoints.orderDealPhotos, { params: { id: dealId }, body: { photoIds } })
