import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/call'
import { keyFor, pathKey, queryFor } from '@/api/queries'
import { endpoints, type AccessLimits } from '@/contract'

/** React Query hooks of the Beta access section (admin panel). */

export const PAGE_SIZE = 20

export const useAccessSummary = () => useQuery(queryFor(endpoints.adminAccessSummary))

export const useWaitlist = (q: string, page: number) =>
  useQuery({
    ...queryFor(endpoints.adminWaitlist, { query: { ...(q && { q }), page, pageSize: PAGE_SIZE } }),
    placeholderData: (previous) => previous,
  })

export const useInvitations = (page: number) =>
  useQuery({
    ...queryFor(endpoints.adminInvitations, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: (previous) => previous,
  })

type Handlers = { onError?: (error: unknown) => void }

/** After any change: the counts, the waitlist and the invitations may all have moved. */
function useRefreshAccess() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keyFor(endpoints.adminAccessSummary) }),
      queryClient.invalidateQueries({ queryKey: pathKey(endpoints.adminWaitlist) }),
      queryClient.invalidateQueries({ queryKey: pathKey(endpoints.adminInvitations) }),
    ])
}

export function useSaveLimits({ onError }: Handlers = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AccessLimits) => call(endpoints.adminPutAccessLimits, { body }),
    onSuccess: (summary) => {
      queryClient.setQueryData(keyFor(endpoints.adminAccessSummary), summary)
      // The settings section shows the same values.
      void queryClient.invalidateQueries({ queryKey: keyFor(endpoints.adminGetSettings) })
    },
    onError,
  })
}

export function useInviteWaitlist({ onError }: Handlers = {}) {
  const refresh = useRefreshAccess()
  return useMutation({
    mutationFn: (ids: string[]) => call(endpoints.adminInviteWaitlist, { body: { ids } }),
    onSuccess: refresh,
    onError,
  })
}

export function useDeclineWaitlist({ onError }: Handlers = {}) {
  const refresh = useRefreshAccess()
  return useMutation({
    mutationFn: (id: string) => call(endpoints.adminDeclineWaitlist, { params: { id } }),
    onSuccess: refresh,
    onError,
  })
}

export function useInvitationAction(action: 'resend' | 'revoke', { onError }: Handlers = {}) {
  const refresh = useRefreshAccess()
  return useMutation({
    mutationFn: (id: string) =>
      call(action === 'resend' ? endpoints.adminResendInvitation : endpoints.adminRevokeInvitation, {
        params: { id },
      }),
    onSuccess: refresh,
    onError,
  })
}
