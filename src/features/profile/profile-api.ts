import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/client'
import { authKeys, profileKeys } from '@/api/keys'
import {
  endpoints,
  UploadedFileSchema,
  UserSchema,
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

export const buyBoxQuery = () =>
  queryOptions({
    queryKey: profileKeys.buyBox(),
    queryFn: ({ signal }) => api.get(endpoints.getBuyBox.path, { schema: endpoints.getBuyBox.response, signal }),
  })

export const preferencesQuery = () =>
  queryOptions({
    queryKey: profileKeys.preferences(),
    queryFn: ({ signal }) =>
      api.get(endpoints.getPreferences.path, { schema: endpoints.getPreferences.response, signal }),
  })

export const sellerPreferencesQuery = () =>
  queryOptions({
    queryKey: profileKeys.sellerPreferences(),
    queryFn: ({ signal }) =>
      api.get(endpoints.getSellerPreferences.path, { schema: endpoints.getSellerPreferences.response, signal }),
  })

export const rolesQuery = () =>
  queryOptions({
    queryKey: profileKeys.roles(),
    queryFn: ({ signal }) => api.get(endpoints.getRoles.path, { schema: UserSchema, signal }),
  })

export const useBuyBox = (enabled = true) => useQuery({ ...buyBoxQuery(), enabled })
export const usePreferences = (enabled = true) => useQuery({ ...preferencesQuery(), enabled })
export const useSellerPreferences = (enabled = true) => useQuery({ ...sellerPreferencesQuery(), enabled })
export const useRoles = () => useQuery(rolesQuery())

export function useUpdateProfile({ onError }: MutationHandlers = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => api.patch(endpoints.updateProfile.path, input, { schema: UserSchema }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.me(), user),
    onError,
  })
}

export function useUploadImage(kind: 'picture' | 'logo', { onError }: MutationHandlers = {}) {
  const queryClient = useQueryClient()
  const path = kind === 'picture' ? endpoints.uploadProfilePicture.path : endpoints.uploadCompanyLogo.path
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append('file', file)
      return api.post(path, form, { schema: UploadedFileSchema })
    },
    // The answer is only the new URL: the user (with it) comes from the server again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
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
      await queryClient.invalidateQueries({ queryKey: authKeys.me() })
    },
    onError,
  })
}

export const useSaveBuyBox = (handlers: MutationHandlers = {}) =>
  useSaveSection(
    profileKeys.buyBox(),
    (input: BuyBox) => api.put(endpoints.putBuyBox.path, input, { schema: endpoints.putBuyBox.response }),
    handlers,
  )

export const useSavePreferences = (handlers: MutationHandlers = {}) =>
  useSaveSection(
    profileKeys.preferences(),
    (input: Preferences) =>
      api.put(endpoints.putPreferences.path, input, { schema: endpoints.putPreferences.response }),
    handlers,
  )

export const useSaveSellerPreferences = (handlers: MutationHandlers = {}) =>
  useSaveSection(
    profileKeys.sellerPreferences(),
    (input: SellerPreferences) =>
      api.put(endpoints.putSellerPreferences.path, input, { schema: endpoints.putSellerPreferences.response }),
    handlers,
  )

export function useSaveRoles({ onError }: MutationHandlers = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RolesUpdateInput) => api.put(endpoints.putRoles.path, input, { schema: UserSchema }),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me(), user)
      queryClient.setQueryData(profileKeys.roles(), user)
    },
    onError,
  })
}
