import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/call'
import { queryFor } from '@/api/queries'
import {
  endpoints,
  type AdminHelpArticleCreate,
  type AdminHelpArticleUpdate,
  type AdminHelpCategoryCreate,
  type AdminHelpCategoryUpdate,
  type AdminHelpQuestionUpdate,
  type HelpQuestionStatus,
} from '@/contract'

export const useAdminQuestions = (status?: HelpQuestionStatus) =>
  useQuery(queryFor(endpoints.adminHelpQuestions, { query: status ? { status } : {} }))
export const useAdminArticles = () => useQuery(queryFor(endpoints.adminHelpArticles))
export const useAdminCategories = () => useQuery(queryFor(endpoints.adminHelpCategories))

/** Every help write refreshes the admin lists and the public pages' answers. */
function useHelpWrite<T>(write: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    // Query keys mirror the path: everything under /api/help (admin lists and public pages) starts with 'help'.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['help'] }),
  })
}

export const useUpdateQuestion = () =>
  useHelpWrite(({ id, body }: { id: string; body: AdminHelpQuestionUpdate }) =>
    call(endpoints.adminHelpUpdateQuestion, { params: { id }, body }),
  )
export const useCreateArticle = () =>
  useHelpWrite((body: AdminHelpArticleCreate) => call(endpoints.adminHelpCreateArticle, { body }))
export const useUpdateArticle = () =>
  useHelpWrite(({ id, body }: { id: string; body: AdminHelpArticleUpdate }) =>
    call(endpoints.adminHelpUpdateArticle, { params: { id }, body }),
  )
export const useDeleteArticle = () =>
  useHelpWrite((id: string) => call(endpoints.adminHelpDeleteArticle, { params: { id } }))
export const useCreateCategory = () =>
  useHelpWrite((body: AdminHelpCategoryCreate) => call(endpoints.adminHelpCreateCategory, { body }))
export const useUpdateCategory = () =>
  useHelpWrite(({ id, body }: { id: string; body: AdminHelpCategoryUpdate }) =>
    call(endpoints.adminHelpUpdateCategory, { params: { id }, body }),
  )
export const useDeleteCategory = () =>
  useHelpWrite((id: string) => call(endpoints.adminHelpDeleteCategory, { params: { id } }))
