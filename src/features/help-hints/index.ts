import type { RouteObject } from 'react-router'
import { lazyPageElement } from '@/components/lazy-page'

/** /helptest: every "?" help entry point on one page (src/app/routes.tsx mounts it for admins only). */
export const helpHintRoutes: RouteObject[] = [
  { path: '/helptest', element: lazyPageElement(() => import('./help-test-page'), 'HelpTestPage') },
]
