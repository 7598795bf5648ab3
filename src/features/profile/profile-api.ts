import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/call'
import { keyFor, queryFor } from '@/api/queries'
import {
  endpoints,
  type BuyBox,
  type Preferences,
  type ProfileUpdateInput,
  type RolesUpdateInput,
  type SellerPreferences,
} from '@/contract'

/*
 * React Query hooks for the profile endpoints. Each mutation takes its own onError so the caller can put
 * server field messages next to the fields (a mutation without one gets the app's generic toast).
 */

type MutationHandlers = { onError?: (error: unknown) => void }

export const useBuyBox = (enabled = true) => useQuery({ ...queryFor(endpoints.getBuyBox), enabled })
export const usePreferences = (enabled = true) => useQuery({ ...queryFor(endpoints.getPreferences), enabled })
export const useSellerPreferences = (enabled = true) =>
  useQuery({ ...queryFor(endpoints.getSellerPreferences), enabled })
export const useRoles = () => useQuery(queryFor(endpoints.getRoles))

export function useUpdateProfile({ onError }: MutationHandlers = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => call(endpoints.updateProfile, { body: input }),
    onSuccess: (user) => queryClient.setQueryData(keyFor(endpoints.me), user),
    onError,
  })
}

export function useUploadImage(kind: 'picture' | 'logo', { onError }: MutationHandlers = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append('file', file)
      return kind === 'picture'
        ? call(endpoints.uploadProfilePicture, { body: form })
        : call(endpoints.uploadCompanyLogo, { body: form })
    },
    // The answer is only the new URL: the user (with it) comes from the server again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyFor(endpoints.me) }),
    onError,
  })
}

/**
 * Saving preferences, seller preferences or the buy box can complete the profile: the user is fetched
 * again, and the mutation settles only once it has arrived so the completion guard sees the new state.
 */
function useSaveSection<T>(key: readonly unknown[], save: (input: T) => Promise<T>, { onError }: MutationHandlers) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: save,
    onSuccess: async (saved) => {
      queryClient.setQueryData(key, saved)
      await queryClient.invalidateQueries({ queryKey: keyFor(endpoints.me) })
    },
    onError,
  })
}

export const useSaveBuyBox = (handlers: MutationHandlers = {}) =>
  useSaveSection(keyFor(endpoints.getBuyBox), (input: BuyBox) => call(endpoints.putBuyBox, { body: input }), handlers)

export const useSavePreferences = (handlers: MutationHandlers = {}) =>
  useSaveSection(
    keyFor(endpoints.getPreferences),
    (input: Preferences) => call(endpoints.putPreferences, { body: input }),
    handlers,
  )

export const useSaveSellerPreferences = (handlers: MutationHandlers = {}) =>
  useSaveSection(
    keyFor(endpoints.getSellerPreferences),
    (input: SellerPreferences) => call(endpoints.putSellerPreferences, { body: input }),
    handlers,
  )

export function useSaveRoles({ onError }: MutationHandlers = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RolesUpdateInput) => call(endpoints.putRoles, { body: input }),
    onSuccess: (user) => {
      queryClient.setQueryData(keyFor(endpoints.me), user)
      queryClient.setQueryData(keyFor(endpoints.getRoles), user)
    },
    onError,
  })
}
