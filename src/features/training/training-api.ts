import { useEffect, useMemo, useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call } from '@/api/call'
import { keyFor, pathKey, queryFor } from '@/api/queries'
import { endpoints } from '@/contract'

type Lang = 'en' | 'es'

/** The reader's language as the training endpoints take it. */
export function useTrainingLang(): Lang {
  const { i18n } = useTranslation()
  return i18n.language?.startsWith('es') ? 'es' : 'en'
}

export const useTrainingOverview = (lang: Lang) => useQuery(queryFor(endpoints.trainingLessons, { query: { lang } }))

export const useLesson = (id: string, lang: Lang) =>
  useQuery(queryFor(endpoints.trainingLesson, { params: { id }, query: { lang } }))

/** How long after the last choice the answers are saved. */
export const SAVE_DELAY_MS = 600

/**
 * Saves the answers chosen so far, a moment after the last choice (one call for a quick run of clicks). The
 * answers stay on screen whatever happens; `failed` says the last save did not reach the server.
 */
export function useProgressSaver(id: string) {
  const [failed, setFailed] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const save = useMutation({
    mutationFn: (answers: Record<string, number>) =>
      call(endpoints.trainingSaveProgress, { params: { id }, body: { answers } }),
    onSuccess: () => setFailed(false),
    onError: () => setFailed(true),
  })
  const { mutate } = save
  useEffect(() => () => clearTimeout(timer.current), [])
  return useMemo(
    () => ({
      failed,
      schedule(answers: Record<string, number>) {
        clearTimeout(timer.current)
        timer.current = setTimeout(() => mutate(answers), SAVE_DELAY_MS)
      },
    }),
    [failed, mutate],
  )
}

/** Submits the quiz; the overview, the lesson and (when it certifies) the signed-in user are read again. */
export function useAttempt(id: string, lang: Lang) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (answers: Record<string, number>) =>
      call(endpoints.trainingAttempt, { params: { id }, query: { lang }, body: { answers } }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: pathKey(endpoints.trainingLessons) })
      if (result.certifiedNow) await queryClient.invalidateQueries({ queryKey: keyFor(endpoints.me) })
    },
  })
}
