import { useMutation, useQueryClient } from '@tanstack/react-query'
import { endpoints, UserSchema, type Language } from '@/contract'
import { api } from '@/api/client'
import { authKeys } from '@/api/keys'

/** Saves the language choice on the server (signed-in users only, spec §8). */
export function useUpdateLanguage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (languagePreference: Language) =>
      api.post(endpoints.updateLanguage.path, { languagePreference }, { schema: UserSchema }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.me(), user),
  })
}
