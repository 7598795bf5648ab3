import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call } from '@/api/call'
import { keyFor, queryFor } from '@/api/queries'
import { toast } from '@/components/ui/toast'
import {
  browseQuery,
  dealsExtentRoute,
  dealsMapRoute,
  extentQuery,
  favoriteDealRoute,
  getDealRoute,
  lazyEndpoint,
  listDealsRoute,
  unfavoriteDealRoute,
  type Answer,
  type DealFilters,
  type DealSummary,
  type endpoints,
} from '@/contract'
import { listQuery, type BrowseState } from './browse-params'

type DealPage = Answer<typeof endpoints.listDeals>

/*
 * The browse page is where a member lands: its calls are known by their plain routes, their schemas (and the
 * whole endpoint table, with zod) loading beside the first request rather than before the page can run.
 */
const listDeals = lazyEndpoint('listDeals', listDealsRoute)
const dealsMap = lazyEndpoint('dealsMap', dealsMapRoute)
const dealsExtent = lazyEndpoint('dealsExtent', dealsExtentRoute)
const favoriteDeal = lazyEndpoint('favoriteDeal', favoriteDealRoute)
const unfavoriteDeal = lazyEndpoint('unfavoriteDeal', unfavoriteDealRoute)
const getDeal = lazyEndpoint('getDeal', getDealRoute)
export type MapViewport = { bbox: string; zoom: number }

/** The call for one page of listings: the list asks it, and the server asks it for a member's /deals. */
export const dealPageCall = (state: BrowseState) => ({ query: browseQuery(listQuery(state)) })

/** One page of listings for the URL's filters; the previous page stays on screen while the next loads. */
export function useDealPage(state: BrowseState) {
  return useQuery({
    ...queryFor(listDeals, dealPageCall(state)),
    placeholderData: keepPreviousData,
  })
}

/** Server-clustered markers for the filters and the map's viewport (none until the map reports one). */
export function useDealsMap(filters: DealFilters, viewport: MapViewport | null) {
  return useQuery({
    ...queryFor(dealsMap, { query: viewport ? { ...extentQuery(filters), ...viewport } : undefined }),
    enabled: viewport !== null,
    placeholderData: keepPreviousData,
  })
}

/** Where the filters' matches lie (the map fits them); asked once per filter set, not on every pan. */
export function useDealsExtent(filters: DealFilters) {
  return useQuery({
    ...queryFor(dealsExtent, { query: extentQuery(filters) }),
    placeholderData: keepPreviousData,
  })
}

const FAVORITE_KEY = ['deals', 'favorite'] as const

/**
 * Saves or removes a favorite. The card changes at once (optimistic) in every cached page; a refusal puts
 * it back and says so, and the server's count replaces the guess when it answers.
 */
export function useToggleFavorite() {
  const { t } = useTranslation('dealsBrowse')
  const queryClient = useQueryClient()
  // Every page and filter of the browse list (not a listing's detail, not the map).
  const listKey = keyFor(listDeals)

  const patchCards = (id: string, change: (deal: DealSummary) => DealSummary) =>
    queryClient.setQueriesData<DealPage>({ queryKey: listKey }, (page) =>
      page ? { ...page, items: page.items.map((deal) => (deal.id === id ? change(deal) : deal)) } : page,
    )

  const pendingFor = (id: string) =>
    queryClient.isMutating({
      mutationKey: FAVORITE_KEY,
      predicate: (mutation) => (mutation.state.variables as { id?: string } | undefined)?.id === id,
    })

  return useMutation({
    mutationKey: FAVORITE_KEY,
    mutationFn: ({ id, favorite }: { id: string; favorite: boolean }) =>
      favorite ? call(favoriteDeal, { params: { id } }) : call(unfavoriteDeal, { params: { id } }),
    onMutate: async ({ id, favorite }) => {
      await queryClient.cancelQueries({ queryKey: listKey })
      const previous = queryClient.getQueriesData<DealPage>({ queryKey: listKey })
      patchCards(id, (deal) => ({
        ...deal,
        isFavorite: favorite,
        favoriteCount: Math.max(0, deal.favoriteCount + (favorite ? 1 : -1)),
      }))
      return { previous }
    },
    onError: (_error, _variables, context) => {
      context?.previous.forEach(([key, data]) => queryClient.setQueryData(key, data))
      toast({ title: t('favorite.failed'), variant: 'destructive' })
    },
    onSuccess: (result, { id }) => {
      // A later click on the same heart is still on its way: its optimistic state is the newer truth.
      if (pendingFor(id) > 1) return
      patchCards(id, (deal) => ({ ...deal, isFavorite: result.favorited, favoriteCount: result.favoriteCount }))
    },
    onSettled: (_result, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: keyFor(getDeal, { params: { id } }) })
      // The favorites view drops an unsaved card, and other pages learn the new count, once clicks settle.
      if (pendingFor(id) <= 1) void queryClient.invalidateQueries({ queryKey: listKey })
    },
  })
}
