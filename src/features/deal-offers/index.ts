import { createElement, lazy } from 'react'
import type { RouteObject } from 'react-router'

const DealOffersPage = lazy(() => import('./deal-offers-page').then((module) => ({ default: module.DealOffersPage })))

/** `/deals/:id/offers`: the offers a listing received; src/app/routes.tsx mounts it behind the seller guard. */
export const dealOffersRoutes: RouteObject[] = [{ path: '/deals/:id/offers', element: createElement(DealOffersPage) }]

/** Where a listing's received offers are (My listings and the deal page link to it). */
export const offersPath = (dealId: string) => `/deals/${encodeURIComponent(dealId)}/offers`
