import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/call'
import { keyFor, queryFor } from '@/api/queries'
import { endpoints, type SellerRequestInput } from '@/contract'

/** The person's latest request for seller access (null: none yet). */
export const useMySellerRequest = (enabled = true) => useQuery({ ...queryFor(endpoints.mySellerRequest), enabled })

/** Sends a request; the status shown next comes from the answer. */
export function useCreateSellerRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SellerRequestInput) => call(endpoints.createSellerRequest, { body: input }),
    onSuccess: (request) => queryClient.setQueryData(keyFor(endpoints.mySellerRequest), { request }),
  })
}
