import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/client'
import { isApiError } from '@/api/errors'
import { dealKeys } from '@/api/keys'
import { shouldRetryQuery } from '@/api/query-client'
import { DealPhotoListSchema, DealSchema, endpoints, pathFor, type Deal, type DealInput } from '@/contract'

/*
 * The listing endpoints the form uses. Mutations take no generic error toast: the form puts field
 * messages next to fields and shows its own alert.
 */

export const useDeal = (id: string | undefined) =>
  useQuery({
    queryKey: dealKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get(pathFor(endpoints.getDeal.path, { id: id ?? '' }), { schema: DealSchema, signal }),
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
      const query = sameAddressConfirmed ? { sameAddress: 'confirmed' } : undefined
      return id
        ? api.put(pathFor(endpoints.updateDeal.path, { id }), input, { schema: DealSchema, query })
        : api.post(endpoints.createDeal.path, input, { schema: DealSchema, query })
    },
    onSuccess: async (deal: Deal) => {
      queryClient.setQueryData(dealKeys.detail(deal.id), deal)
      await queryClient.invalidateQueries({ queryKey: dealKeys.all(), refetchType: 'none' })
    },
    onError: () => undefined,
  })
}

/** `onProgress` gets the fraction of the file sent; at 1 the server is still making the thumbnails. */
export const uploadDealPhoto = (dealId: string, file: File, onProgress?: (fraction: number) => void) => {
  const form = new FormData()
  form.append('file', file)
  return api.post(pathFor(endpoints.uploadDealPhotos.path, { id: dealId }), form, {
    schema: DealPhotoListSchema,
    onUploadProgress: onProgress,
  })
}

export const deleteDealPhoto = (dealId: string, photoId: string) =>
  api.delete(pathFor(endpoints.deleteDealPhoto.path, { id: dealId, photoId }), { schema: DealPhotoListSchema })

export const orderDealPhotos = (dealId: string, photoIds: string[]) =>
  api.put(pathFor(endpoints.orderDealPhotos.path, { id: dealId }), { photoIds }, { schema: DealPhotoListSchema })
