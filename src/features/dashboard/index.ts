import { createElement } from 'react'
import type { RouteObject } from 'react-router'
import { lazyPage } from '@/components/lazy-page'

const DashboardPage = lazyPage(() => import('./dashboard-page'), 'DashboardPage')

/** `/dashboard` (spec §2); src/app/routes.tsx mounts it behind sign-in. */
export const dashboardRoutes: RouteObject[] = [{ path: '/dashboard', element: createElement(DashboardPage) }]
