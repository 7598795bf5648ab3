import type { RouteObject } from 'react-router'
import { lazyPageElement } from '@/components/lazy-page'

/** /features: the public feature roadmap (src/app/routes.tsx mounts it outside the sign-in check). */
export const roadmapRoutes: RouteObject[] = [
  { path: '/features', element: lazyPageElement(() => import('./features-page'), 'FeaturesPage') },
]
