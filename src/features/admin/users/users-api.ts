import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { call } from '@/api/call'
import { pathKey, queryFor } from '@/api/queries'
import { endpoints, type AdminUsersQuerySchema, type AdminUserUpdateInputSchema } from '@/contract'

export type UsersQuery = z.input<typeof AdminUsersQuerySchema>
export type UserChange = z.input<typeof AdminUserUpdateInputSchema>

export const useAdminUsers = (query: UsersQuery) => useQuery(queryFor(endpoints.adminUsers, { query }))

export const useAdminUser = (id: string) => useQuery(queryFor(endpoints.adminUser, { params: { id } }))

/** Roles, deactivation (with its reason) and reactivation; the table, the page and the log are then refreshed. */
export function useUpdateUser(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: UserChange) => call(endpoints.adminUpdateUser, { params: { id }, body: change }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pathKey(endpoints.adminUsers) }),
        queryClient.invalidateQueries({ queryKey: pathKey(endpoints.adminAudit) }),
      ]),
    // The page shows the failure itself.
    onError: () => undefined,
  })
}
