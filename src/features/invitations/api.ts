import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpoints, type CreateInvitationsInput, type Invitation } from '@/contract'
import { call } from '@/api/call'
import { isApiError } from '@/api/errors'
import { keyFor, queryFor } from '@/api/queries'
import { shouldRetryQuery } from '@/api/query-client'

/** A 4xx says the token is wrong: asking again will not change the answer. */
export const isRejectedInvitation = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500

/**
 * `GET /api/auth/validate-invitation/{token}`: public by the contract (though outside spec §7's public
 * paths), so it is sent without a token even when someone is signed in.
 */
export const invitationValidationQuery = (token: string) => ({
  ...queryFor(endpoints.validateInvitation, { params: { token } }),
  // Status changes when the invitation is used or expires: always ask again on a new visit.
  staleTime: 0,
  // A 404 (unknown token) is the answer, not a hiccup: show it at once instead of after three retries.
  retry: (failureCount: number, error: unknown) =>
    !isRejectedInvitation(error) && shouldRetryQuery(failureCount, error),
})

export const useInvitationValidation = (token: string | null) =>
  useQuery({ ...invitationValidationQuery(token ?? ''), enabled: Boolean(token) })

export const myInvitationsQuery = () => queryFor(endpoints.listInvitations)

export const useMyInvitations = () => useQuery(myInvitationsQuery())

/** `POST /api/invitations`; the caller handles errors (so the generic toast stays quiet). */
export function useCreateInvitations({
  onSuccess,
  onError,
}: {
  onSuccess: (created: Invitation[]) => void
  onError: (error: unknown) => void
}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateInvitationsInput) => call(endpoints.createInvitations, { body: input }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: keyFor(endpoints.listInvitations) })
      onSuccess(created)
    },
    onError,
  })
}
