import { createElement, lazy } from 'react'
import type { RouteObject } from 'react-router'

const ListingConfirmPage = lazy(() =>
  import('./listing-confirm-page').then((module) => ({ default: module.ListingConfirmPage })),
)

/** The reminder mail's "Still available" page; public (it works signed out, like an unsubscribe link). */
export const listingConfirmRoutes: RouteObject[] = [
  { path: '/listing-confirm', element: createElement(ListingConfirmPage) },
]
