import type { RouteObject } from 'react-router'
import { lazyPageElement } from '@/components/lazy-page'

/** /map-optimization-demo (src/app/routes.tsx mounts it for admins and owners, like /helptest). */
export const mapDemoRoutes: RouteObject[] = [
  { path: '/map-optimization-demo', element: lazyPageElement(() => import('./map-demo-page'), 'MapDemoPage') },
]
