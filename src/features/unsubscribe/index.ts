import type { RouteObject } from 'react-router'
import { lazyPageElement } from '@/components/lazy-page'

/** /unsubscribe?token=…: an alert mail's unsubscribe link (src/app/routes.tsx mounts it outside the sign-in check). */
export const unsubscribeRoutes: RouteObject[] = [
  { path: '/unsubscribe', element: lazyPageElement(() => import('./unsubscribe-page'), 'UnsubscribePage') },
]
