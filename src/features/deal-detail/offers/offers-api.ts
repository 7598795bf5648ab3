import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/call'
import { isApiError } from '@/api/errors'
import { keyFor, queryFor } from '@/api/queries'
import { endpoints, type OfferValues } from '@/contract'
import { useNoticesAbout } from '@/features/chat'

/**
 * The notices that change a buyer's offers on a listing: theirs accepted, declined, or not accepted because
 * another won (the bell shows their message).
 */
const OFFER_DECISION_NOTICES = new Set(['offer_accepted', 'offer_declined', 'offer_not_accepted'])

/** The viewer's own offers on one listing, newest first; only asked for by a viewer who may offer. */
export function useMyDealOffers(dealId: string, enabled: boolean) {
  return useQuery({ ...queryFor(endpoints.myOffers, { query: { dealId } }), enabled })
}

/**
 * What a new or withdrawn offer changes: the viewer's offers (this listing's and the dashboard's) and the
 * listing itself. Rejects when a refetch fails, so the caller can tell the person to reload.
 */
function useRefreshOffers(dealId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keyFor(endpoints.myOffers) }, { throwOnError: true }),
      queryClient.invalidateQueries(
        { queryKey: keyFor(endpoints.getDeal, { params: { id: dealId } }) },
        { throwOnError: true },
      ),
    ])
}

/** Sends an offer (replacing the viewer's open one on the server); the caller shows what happened. */
export function useSubmitOffer(dealId: string) {
  const queryClient = useQueryClient()
  const refresh = useRefreshOffers(dealId)
  return useMutation({
    mutationFn: (input: OfferValues) => call(endpoints.submitOffer, { params: { id: dealId }, body: input }),
    onError: (error) => {
      // Pending, sold or canceled since the page loaded: the listing's new state closes the form.
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: keyFor(endpoints.getDeal, { params: { id: dealId } }) })
      }
    },
    /** Resolves once the page shows the new offer; rejects with `refresh` when only that failed. */
    onSuccess: async () => {
      await refresh().catch((error: unknown) => {
        throw new RefreshFailed(error)
      })
    },
  })
}

/** The offer was saved, but the page's data could not be fetched again afterwards. */
export class RefreshFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('Refresh after a saved offer failed')
    this.name = 'RefreshFailed'
  }
}

export function useWithdrawOffer(dealId: string) {
  const refresh = useRefreshOffers(dealId)
  return useMutation({
    mutationFn: (offerId: string) => call(endpoints.withdrawOffer, { params: { offerId } }),
    // The dialog says what failed; a failed refresh leaves the list as it was until the next fetch.
    onError: () => {},
    onSettled: () => refresh().catch(() => {}),
  })
}

/**
 * A decision on the viewer's offer on this listing (accepted, declined, or not accepted because another won)
 * fetches their offers and the listing again (an accepted offer makes it pending): at once when its
 * `notification` event arrives on a live socket, else when the bell's poll brings it.
 */
export function useRefreshOnOfferAccepted(dealId: string, enabled: boolean) {
  const queryClient = useQueryClient()
  useNoticesAbout(
    (notice) => enabled && OFFER_DECISION_NOTICES.has(notice.type) && notice.dealId === dealId,
    () => {
      void queryClient.invalidateQueries({ queryKey: keyFor(endpoints.myOffers) })
      void queryClient.invalidateQueries({ queryKey: keyFor(endpoints.getDeal, { params: { id: dealId } }) })
    },
  )
}
