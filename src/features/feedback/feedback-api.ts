import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/call'
import { AUTH_REQUIRED_MESSAGE } from '@/api/client'
import { isApiError } from '@/api/errors'
import { keyFor, queryFor } from '@/api/queries'
import { endpoints, type FeedbackType } from '@/contract'

export type FeedbackSubmission = {
  type: FeedbackType
  comment: string
  page: string
  screenshot: File | null
  ownersClub: boolean
  humanCheck: { token: string; answer: string }
}

/** The multipart body of `POST /api/feedback` (spec §7); the comment trimmed (spec §5). */
export function feedbackFormData(input: FeedbackSubmission): FormData {
  const data = new FormData()
  data.set('type', input.type)
  data.set('comment', input.comment.trim())
  data.set('page', input.page)
  data.set('ownersClub', String(input.ownersClub))
  data.set('humanCheckToken', input.humanCheck.token)
  data.set('humanCheckAnswer', input.humanCheck.answer)
  if (input.type === 'bug' && input.screenshot) data.set('file', input.screenshot)
  return data
}

export function useSubmitFeedback() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: FeedbackSubmission) => call(endpoints.submitFeedback, { body: feedbackFormData(input) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyFor(endpoints.myFeedback) }),
  })
}

export const useMyFeedback = () => useQuery(queryFor(endpoints.myFeedback))

/**
 * Spec §8: the server's error or message field, else the body's text, else "Failed to submit feedback";
 * "Authentication required" without a stored token (in the reader's language).
 */
export function submitErrorMessage(error: unknown, t: (key: string) => string): string {
  if (!isApiError(error)) return t('toast.failed')
  if (error.message === AUTH_REQUIRED_MESSAGE && error.status === 401) return t('toast.authRequired')
  const body = error.body as { error?: unknown; message?: unknown } | string | null
  if (body && typeof body === 'object') {
    if (typeof body.error === 'string' && body.error) return body.error
    if (typeof body.message === 'string' && body.message) return body.message
  }
  if (typeof body === 'string' && body.trim()) return body
  return t('toast.failed')
}
