import { createElement, lazy } from 'react'
import type { RouteObject } from 'react-router'

const DealAnalyticsPage = lazy(() =>
  import('./deal-analytics-page').then((module) => ({ default: module.DealAnalyticsPage })),
)

/** `/deals/:id/analytics`: a listing's analytics; src/app/routes.tsx mounts it behind the seller guard. */
export const dealAnalyticsRoutes: RouteObject[] = [
  { path: '/deals/:id/analytics', element: createElement(DealAnalyticsPage) },
]

/** Where a listing's analytics are (My listings and the listing page link to it). */
export const analyticsPath = (dealId: string) => `/deals/${encodeURIComponent(dealId)}/analytics`
