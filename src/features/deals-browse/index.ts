import { createElement } from 'react'
import type { RouteObject } from 'react-router'
import { lazyPage } from '@/components/lazy-page'
import { readBrowseState } from './browse-params'
import { dealPageCall } from './deals-api'

/*
 * The page's code runs in two turns: the filter schemas (zod with them) first, then the page. Evaluated at
 * once they were one long task on a slow phone, while a member's server-rendered list was already on screen.
 */
const DealsBrowsePage = lazyPage(
  () => import('@/contract/browse').then(() => import('./deals-browse-page')),
  'DealsBrowsePage',
)

/** The routes this feature serves; src/app/routes.tsx mounts them inside the layout. */
export const dealsBrowseRoutes: RouteObject[] = [{ path: '/deals', element: createElement(DealsBrowsePage) }]

/** The browse pager (page links in the URL), shared with My listings. */
export { Pagination } from './pagination'

/**
 * The call whose answer a member's `/deals` shows first, for the server to render it with (src/prerender.tsx);
 * null for the map on a phone (`mode=map`), which the SPA renders.
 */
export function firstDealPageCall(search: URLSearchParams) {
  return search.get('mode') === 'map' ? null : dealPageCall(readBrowseState(search))
}
