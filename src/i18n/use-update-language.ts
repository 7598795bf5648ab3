import { useMutation, useQueryClient } from '@tanstack/react-query'
import { lazyEndpoint, meRoute, updateLanguageRoute, type Language } from '@/contract'
import { call } from '@/api/call'
import { keyFor } from '@/api/queries'

const updateLanguage = lazyEndpoint('updateLanguage', updateLanguageRoute)
const me = lazyEndpoint('me', meRoute)

type Outcome = { onSaved: (language: Language) => void; onFailed: (language: Language) => void }

/**
 * Saves the language choice on the server (signed-in users only, spec §8). The caller tells the user how it
 * went, so a failure raises no catch-all toast as well.
 */
export function useUpdateLanguage({ onSaved, onFailed }: Outcome) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (languagePreference: Language) => call(updateLanguage, { body: { languagePreference } }),
    onSuccess: (user, language) => {
      queryClient.setQueryData(keyFor(me), user)
      onSaved(language)
    },
    onError: (_error, language) => onFailed(language),
  })
}
