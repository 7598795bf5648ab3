import type { z } from 'zod'
import { fromSearchParams } from '@/api/query-string'
import {
  BROWSE_FILTER_KEYS,
  BrowseUrlSchema,
  type BrowseUrl,
  type DEAL_SORTS,
  type DealFilters,
  type DealsQuery,
  type DealsQuerySchema,
} from '@/contract'

/*
 * The browse page's state lives in the URL (spec §2: a copied link shares the filtered view). It is read
 * with the contract's lenient twin of `GET /api/deals`'s query (a hand-edited or stale link drops what it
 * cannot use instead of failing) and turned back into the queries `GET /api/deals` and the map take.
 */

export type DealSort = (typeof DEAL_SORTS)[number]
export type BrowseView = 'all' | 'favorites' | 'interested'

/** What the URL says: every filter, the area, the sort and the page; the favorites/interested flags as a view. */
export type BrowseState = Omit<BrowseUrl, 'favorites' | 'interested'> & { view: BrowseView }

export const PAGE_SIZE = 20
export const ROOM_MINIMUMS = [1, 2, 3, 4] as const

export { activeFilterCount } from '@/contract'

export function readBrowseState(params: URLSearchParams): BrowseState {
  const { favorites, interested, ...rest } = BrowseUrlSchema.parse(fromSearchParams(params))
  return { ...rest, view: favorites ? 'favorites' : interested ? 'interested' : 'all' }
}

/** The filters both the list and the map send; the view becomes the `favorites`/`interested` flags. */
export function filterQuery(state: BrowseState): DealFilters {
  const { view, bbox: _bbox, sort: _sort, page: _page, ...filters } = state
  return { ...filters, favorites: view === 'favorites' || undefined, interested: view === 'interested' || undefined }
}

/** The list's query: the filters, the area, the sort and the page. */
export const listQuery = (state: BrowseState): DealsQuery => ({
  ...filterQuery(state),
  bbox: state.bbox,
  sort: state.sort,
  page: state.page,
  pageSize: PAGE_SIZE,
})

/** A change of the URL: keys of the browse query, values as the query string writes them. */
export type BrowsePatch = {
  [K in keyof z.input<typeof DealsQuerySchema>]?: string | number | readonly string[] | undefined
}

/**
 * A new query string from the current one and a change. Any change but paging goes back to page 1, so a
 * narrower filter never lands on an empty page; empty values leave the URL.
 */
export function patchParams(current: URLSearchParams, patch: BrowsePatch): URLSearchParams {
  const next = new URLSearchParams(current)
  for (const [key, value] of Object.entries(patch)) {
    next.delete(key)
    if (Array.isArray(value)) value.forEach((item: string) => next.append(key, item))
    else if (value !== undefined && value !== '') next.set(key, String(value))
  }
  if (!('page' in patch)) next.delete('page')
  if (next.get('page') === '1') next.delete('page')
  return next
}

/** Clears the filters, keeping the sort, the view (favorites/interested) and the list/map choice. */
export function clearFilters(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current)
  for (const key of [...BROWSE_FILTER_KEYS, 'page']) next.delete(key)
  return next
}
