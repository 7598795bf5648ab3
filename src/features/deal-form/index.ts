import { createElement, lazy } from 'react'
import type { RouteObject } from 'react-router'

const DealFormPage = lazy(() => import('./deal-form-page').then((module) => ({ default: module.DealFormPage })))

/** The new-listing form; src/app/routes.tsx mounts it behind the seller guard (a buyer is offered the role). */
export const newDealRoutes: RouteObject[] = [{ path: '/deals/new', element: createElement(DealFormPage) }]

/** The edit form; src/app/routes.tsx mounts it behind the seller guard. */
export const editDealRoutes: RouteObject[] = [{ path: '/deals/:id/edit', element: createElement(DealFormPage) }]
