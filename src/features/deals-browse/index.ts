import { createElement } from 'react'
import type { RouteObject } from 'react-router'
import { lazyPage } from '@/components/lazy-page'

const DealsBrowsePage = lazyPage(() => import('./deals-browse-page'), 'DealsBrowsePage')

/** The routes this feature serves; src/app/routes.tsx mounts them inside the layout. */
export const dealsBrowseRoutes: RouteObject[] = [{ path: '/deals', element: createElement(DealsBrowsePage) }]

/** The browse pager (page links in the URL), shared with My listings. */
export { Pagination } from './pagination'
