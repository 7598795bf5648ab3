import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call, download } from '@/api/call'
import { isApiError } from '@/api/errors'
import { keyFor, queryFor } from '@/api/queries'
import { endpoints, type Deal, type InterestInput } from '@/contract'
import { toast } from '@/components/ui/toast'
import { saveFile } from '@/lib/save-file'
import { browserTimeZone } from '@/lib/format-date'
import { useNoticesAbout } from '@/features/chat'

/** The listing; a 404 is an answer (the page says "Listing not found"), never retried. */
export function useDeal(id: string) {
  return useQuery({
    ...queryFor(endpoints.getDeal, { params: { id } }),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  })
}

/** Interested buyers with their contact data; only the seller, admins and owners ask. */
export function useInterests(id: string, enabled: boolean) {
  return useQuery({ ...queryFor(endpoints.listInterests, { params: { id } }), enabled })
}

/** An interest reaches the seller as a conversation notice about the listing (it starts or continues the thread). */
const INTEREST_NOTICES = new Set(['new_thread', 'new_message'])

/** The interested buyers follow the seller's notices about the listing (at once by push, else by the bell's poll). */
export function useLiveInterests(id: string) {
  const queryClient = useQueryClient()
  useNoticesAbout(
    (notice) => notice.dealId === id && INTEREST_NOTICES.has(notice.type),
    () => void queryClient.invalidateQueries({ queryKey: keyFor(endpoints.listInterests, { params: { id } }) }),
  )
}

/**
 * Downloads the interested buyers as CSV (in the interface language, times in the browser's time zone); a failure
 * says "Failed to download CSV" (spec §9).
 */
export function useExportInterests(id: string) {
  const { t } = useTranslation('dealDetail')
  return useMutation({
    mutationFn: () =>
      download(endpoints.exportInterestsCsv, { params: { id }, query: { timeZone: browserTimeZone() } }),
    onSuccess: saveFile,
    onError: () => toast({ title: t('interests.csvFailed'), variant: 'destructive' }),
  })
}

/** Favorite on the detail page: the button changes at once, a refusal puts it back and says so. */
export function useDetailFavorite(id: string) {
  const { t } = useTranslation('dealDetail')
  const queryClient = useQueryClient()
  const key = keyFor(endpoints.getDeal, { params: { id } })
  const patch = (change: Partial<Deal>) =>
    queryClient.setQueryData(key, (deal) => (deal ? { ...deal, ...change } : deal))

  return useMutation({
    mutationFn: (favorite: boolean) =>
      favorite ? call(endpoints.favoriteDeal, { params: { id } }) : call(endpoints.unfavoriteDeal, { params: { id } }),
    onMutate: async (favorite) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData(key)
      if (previous) {
        patch({ isFavorite: favorite, favoriteCount: Math.max(0, previous.favoriteCount + (favorite ? 1 : -1)) })
      }
      return { previous }
    },
    onError: (_error, _favorite, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous)
      toast({ title: t('favorite.failed'), variant: 'destructive' })
    },
    onSuccess: (result) => {
      patch({ isFavorite: result.favorited, favoriteCount: result.favoriteCount })
      // Browse cards show the same count: let them refetch when next shown.
      void queryClient.invalidateQueries({ queryKey: keyFor(endpoints.listDeals), refetchType: 'none' })
    },
  })
}

export function useExpressInterest(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: InterestInput) => call(endpoints.expressInterest, { params: { id }, body: input }),
    // The dialog shows a refusal by its fields: no catch-all toast on top of it.
    onError: () => {},
    onSuccess: (interest) => {
      const { name, phone, message } = interest
      queryClient.setQueryData(keyFor(endpoints.getDeal, { params: { id } }), (deal) =>
        deal ? { ...deal, hasExpressedInterest: true, myInterest: { name, phone, message } } : deal,
      )
      void queryClient.invalidateQueries({ queryKey: keyFor(endpoints.listInterests, { params: { id } }) })
    },
  })
}
