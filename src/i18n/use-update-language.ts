import { useMutation, useQueryClient } from '@tanstack/react-query'
import { lazyEndpoint, meRoute, updateLanguageRoute, type Language } from '@/contract'
import { call } from '@/api/call'
import { keyFor } from '@/api/queries'

const updateLanguage = lazyEndpoint('updateLanguage', updateLanguageRoute)
const me = lazyEndpoint('me', meRoute)

/** Saves the language choice on the server (signed-in users only, spec §8). */
export function useUpdateLanguage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (languagePreference: Language) => call(updateLanguage, { body: { languagePreference } }),
    onSuccess: (user) => queryClient.setQueryData(keyFor(me), user),
  })
}
