import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call, download } from '@/api/call'
import { isApiError } from '@/api/errors'
import { keyFor, pathKey, queryFor } from '@/api/queries'
import { endpoints } from '@/contract'
import { toast } from '@/components/ui/toast'
import { saveFile } from '@/lib/save-file'
import { browserTimeZone } from '@/lib/format-date'
import { useNoticesAbout } from '@/features/chat'

/** A 403 or 404 is an answer (the page says so), never retried. */
const retryServerErrors = (count: number, error: unknown) => !(isApiError(error) && error.status < 500) && count < 2

/** The listing the offers are on (its address, status and availability). */
export function useOffersDeal(id: string) {
  return useQuery({ ...queryFor(endpoints.getDeal, { params: { id } }), retry: retryServerErrors })
}

/** Every offer on the listing, newest first; only its seller, admins and owners may ask (403 otherwise). */
export function useReceivedOffers(id: string) {
  return useQuery({ ...queryFor(endpoints.listOffers, { params: { id } }), retry: retryServerErrors })
}

/** The seller's notices that change a listing's offers: a new one, or one accepted (by an admin or owner too). */
const OFFER_NOTICES = new Set(['offer_received', 'offer_accepted'])

/**
 * The open offers table follows the seller's notices about the listing: a new offer shows at once (its
 * `notification` event), or with the bell's next poll when there is no live socket.
 */
export function useLiveOffers(id: string) {
  const queryClient = useQueryClient()
  useNoticesAbout(
    (notice) => notice.dealId === id && OFFER_NOTICES.has(notice.type),
    () => {
      void queryClient.invalidateQueries({ queryKey: keyFor(endpoints.listOffers, { params: { id } }) })
      void queryClient.invalidateQueries({ queryKey: keyFor(endpoints.getDeal, { params: { id } }) })
    },
  )
}

/**
 * After a decision the listing (its status), its offers and every list that shows them (My listings) may
 * be out of date: everything under `/api/deals` is refetched.
 */
function useRefreshListing() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: pathKey(endpoints.listDeals) })
}

/** 409: someone decided first (another offer accepted, this one withdrawn); the list is refreshed. */
export const isDecidedElsewhere = (error: unknown) => isApiError(error) && error.status === 409

export function useAcceptOffer() {
  const refresh = useRefreshListing()
  return useMutation({
    mutationFn: (offerId: string) => call(endpoints.acceptOffer, { params: { offerId } }),
    onSettled: refresh,
    // The page says what happened (a toast with the server's message).
    onError: () => undefined,
  })
}

export function useDeclineOffer() {
  const refresh = useRefreshListing()
  return useMutation({
    mutationFn: ({ offerId, reason }: { offerId: string; reason: string }) =>
      call(endpoints.declineOffer, { params: { offerId }, body: { reason } }),
    onSettled: refresh,
    onError: () => undefined,
  })
}

/**
 * Downloads the offers as CSV (in the interface language, times in the browser's time zone, values at the
 * page's discount rate); a failure says "Failed to download offers CSV" (spec §8).
 */
export function useExportOffers(id: string, discountRate: number) {
  const { t } = useTranslation('myListings')
  return useMutation({
    mutationFn: () =>
      download(endpoints.exportOffersCsv, { params: { id }, query: { timeZone: browserTimeZone(), discountRate } }),
    onSuccess: saveFile,
    onError: () => toast({ title: t('offers.csvFailed'), variant: 'destructive' }),
  })
}
