import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call } from '@/api/call'
import { keyFor, queryFor } from '@/api/queries'
import { endpoints, type Language } from '@/contract'

/** The reader's language as the help API takes it. */
export function useHelpLang(): Language {
  const { i18n } = useTranslation()
  return i18n.language?.startsWith('es') ? 'es' : 'en'
}

export const useHelpHome = (lang: Language) => useQuery(queryFor(endpoints.helpHome, { query: { lang } }))

export const useHelpArticle = (id: string, lang: Language) =>
  useQuery({ ...queryFor(endpoints.helpArticle, { params: { id }, query: { lang } }), retry: false })

export const useHelpQa = (id: string, lang: Language) =>
  useQuery({ ...queryFor(endpoints.helpQuestion, { params: { id }, query: { lang } }), retry: false })

/** Search results for a (debounced) query; nothing is asked for an empty one. */
export const useHelpSearch = (q: string, lang: Language) =>
  useQuery({
    ...queryFor(endpoints.helpSearch, { query: { q, lang } }),
    enabled: q.trim().length > 0,
    placeholderData: (previous) => previous,
  })

export const useMyQuestions = (signedIn: boolean) =>
  useQuery({ ...queryFor(endpoints.helpMyQuestions), enabled: signedIn })

export function useAskQuestion() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (question: string) => call(endpoints.helpAsk, { body: { question } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyFor(endpoints.helpMyQuestions) }),
  })
}

export function useHelpfulVote(id: string) {
  return useMutation({
    mutationFn: (helpful: boolean) => call(endpoints.helpArticleVote, { params: { id }, body: { helpful } }),
  })
}
