import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api } from '@/api/client'
import { dealKeys } from '@/api/keys'
import { toast } from '@/components/ui/toast'
import { endpoints, type DealSummary } from '@/contract'
import { listQuery, type BrowseState, type FilterQuery } from './browse-params'

type DealPage = { items: DealSummary[]; total: number; totalIsEstimate: boolean; page: number; pageSize: number }
export type MapViewport = { bbox: string; zoom: number }

/** One page of listings for the URL's filters; the previous page stays on screen while the next loads. */
export function useDealPage(state: BrowseState) {
  const query = listQuery(state)
  return useQuery({
    queryKey: dealKeys.list(query),
    queryFn: ({ signal }) =>
      api.get(endpoints.listDeals.path, { query, schema: endpoints.listDeals.response, signal }) as Promise<DealPage>,
    placeholderData: keepPreviousData,
  })
}

/** Server-clustered markers for the filters and the map's viewport (none until the map reports one). */
export function useDealsMap(filters: FilterQuery, viewport: MapViewport | null) {
  const query = viewport ? { ...filters, ...viewport } : null
  return useQuery({
    queryKey: dealKeys.map(query),
    queryFn: ({ signal }) =>
      api.get(endpoints.dealsMap.path, { query: query ?? undefined, schema: endpoints.dealsMap.response, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  })
}

/** Where the filters' matches lie (the map fits them); asked once per filter set, not on every pan. */
export function useDealsExtent(filters: FilterQuery) {
  return useQuery({
    queryKey: dealKeys.extent(filters),
    queryFn: ({ signal }) =>
      api.get(endpoints.dealsExtent.path, { query: filters, schema: endpoints.dealsExtent.response, signal }),
    placeholderData: keepPreviousData,
  })
}

const FAVORITE_KEY = ['deals', 'favorite'] as const
const favoritePath = (id: string) => endpoints.favoriteDeal.path.replace(':id', encodeURIComponent(id))

/**
 * Saves or removes a favorite. The card changes at once (optimistic) in every cached page; a refusal puts
 * it back and says so, and the server's count replaces the guess when it answers.
 */
export function useToggleFavorite() {
  const { t } = useTranslation('dealsBrowse')
  const queryClient = useQueryClient()
  const listKey = [...dealKeys.all(), 'list'] as const

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
      favorite
        ? api.put(favoritePath(id), undefined, { schema: endpoints.favoriteDeal.response })
        : api.delete(favoritePath(id), { schema: endpoints.unfavoriteDeal.response }),
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
      context?.previous.forEach(([key, data]: [QueryKey, DealPage | undefined]) => queryClient.setQueryData(key, data))
      toast({ title: t('favorite.failed'), variant: 'destructive' })
    },
    onSuccess: (result, { id }) => {
      // A later click on the same heart is still on its way: its optimistic state is the newer truth.
      if (pendingFor(id) > 1) return
      patchCards(id, (deal) => ({ ...deal, isFavorite: result.favorited, favoriteCount: result.favoriteCount }))
    },
    onSettled: (_result, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: dealKeys.detail(id) })
      // The favorites view drops an unsaved card, and other pages learn the new count, once clicks settle.
      if (pendingFor(id) <= 1) void queryClient.invalidateQueries({ queryKey: listKey })
    },
  })
}
