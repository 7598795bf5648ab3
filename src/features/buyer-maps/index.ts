import type { RouteObject } from 'react-router'
import { lazyPageElement } from '@/components/lazy-page'

/** `/buyers`: a members' route (src/app/routes.tsx); the page itself refuses who may not see buyer locations. */
export const buyerMapRoutes: RouteObject[] = [
  { path: '/buyers', element: lazyPageElement(() => import('./buyers-page'), 'BuyersPage') },
]

/** `/zip/:zipCode/analytics`: public, signed in or not. */
export const zipAnalyticsRoutes: RouteObject[] = [
  {
    path: '/zip/:zipCode/analytics',
    element: lazyPageElement(() => import('./zip-analytics-page'), 'ZipAnalyticsPage'),
  },
]
export { zipAnalyticsPath } from './paths'
