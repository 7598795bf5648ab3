import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  endpoints,
  InvitationListSchema,
  InvitationValidationSchema,
  pathFor,
  type CreateInvitationsInput,
  type Invitation,
} from '@/contract'
import { api } from '@/api/client'
import { isApiError } from '@/api/errors'
import { invitationKeys } from '@/api/keys'
import { shouldRetryQuery } from '@/api/query-client'

/** A 4xx says the token is wrong: asking again will not change the answer. */
export const isRejectedInvitation = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500

/**
 * `GET /api/auth/validate-invitation/{token}`: public, and outside spec §7's public paths, so it is sent
 * with `auth: 'none'` (no token even when someone is signed in).
 */
export const invitationValidationQuery = (token: string) =>
  queryOptions({
    queryKey: invitationKeys.validation(token),
    queryFn: ({ signal }) =>
      api.get(pathFor(endpoints.validateInvitation.path, { token }), {
        schema: InvitationValidationSchema,
        signal,
        auth: 'none',
      }),
    // Status changes when the invitation is used or expires: always ask again on a new visit.
    staleTime: 0,
    // A 404 (unknown token) is the answer, not a hiccup: show it at once instead of after three retries.
    retry: (failureCount, error) => !isRejectedInvitation(error) && shouldRetryQuery(failureCount, error),
  })

export const useInvitationValidation = (token: string | null) =>
  useQuery({ ...invitationValidationQuery(token ?? ''), enabled: Boolean(token) })

export const myInvitationsQuery = () =>
  queryOptions({
    queryKey: invitationKeys.mine(),
    queryFn: ({ signal }) => api.get(endpoints.listInvitations.path, { schema: InvitationListSchema, signal }),
  })

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
    mutationFn: (input: CreateInvitationsInput) =>
      api.post(endpoints.createInvitations.path, input, { schema: InvitationListSchema }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: invitationKeys.mine() })
      onSuccess(created)
    },
    onError,
  })
}
