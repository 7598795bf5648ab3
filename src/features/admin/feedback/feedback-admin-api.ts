import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call, download } from '@/api/call'
import { keyFor, pathKey, queryFor } from '@/api/queries'
import { endpoints, type AdminFeedbackQuery, type FeedbackStatus } from '@/contract'

export const useAdminFeedback = (query: AdminFeedbackQuery) =>
  useQuery({ ...queryFor(endpoints.adminFeedback, { query }), placeholderData: keepPreviousData })

const useRefreshList = () => {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: keyFor(endpoints.adminFeedback) })
}

export function useChangeFeedbackStatus() {
  const refresh = useRefreshList()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: FeedbackStatus }) =>
      call(endpoints.adminUpdateFeedback, { params: { id }, body: { status } }),
    onSuccess: refresh,
  })
}

export function useDeleteFeedback() {
  const refresh = useRefreshList()
  return useMutation({
    mutationFn: (id: string) => call(endpoints.adminDeleteFeedback, { params: { id } }),
    onSuccess: refresh,
  })
}

/** A file's bytes as a `data:` URL for an <img> (nothing to revoke later, unlike an object URL). */
const dataUrlOf = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('The screenshot could not be read'))
    reader.readAsDataURL(file)
  })

/** The screenshot through the admins' endpoint (no public URL exists), as a `data:` URL for the viewer. */
export const useScreenshot = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...pathKey(endpoints.adminFeedbackScreenshot, { id }), 'image'],
    queryFn: async ({ signal }) =>
      dataUrlOf(await download(endpoints.adminFeedbackScreenshot, { params: { id }, signal })),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  })
