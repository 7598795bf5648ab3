import type { RouteObject } from 'react-router'
import { lazyPageElement } from '@/components/lazy-page'

/** `/owners`: a members' route (src/app/routes.tsx); the page itself refuses who may not see the Owners Club. */
export const ownersClubRoutes: RouteObject[] = [
  { path: '/owners', element: lazyPageElement(() => import('./owners-page'), 'OwnersPage') },
]
