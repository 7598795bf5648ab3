import { createElement, lazy } from 'react'
import type { RouteObject } from 'react-router'

const DealDetailPage = lazy(() => import('./deal-detail-page').then((module) => ({ default: module.DealDetailPage })))

/** The routes this feature serves; src/app/routes.tsx mounts them inside the layout. */
export const dealDetailRoutes: RouteObject[] = [{ path: '/deals/:id', element: createElement(DealDetailPage) }]
