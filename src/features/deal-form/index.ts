import { createElement, lazy } from 'react'
import type { RouteObject } from 'react-router'

const DealFormPage = lazy(() => import('./deal-form-page').then((module) => ({ default: module.DealFormPage })))

/** The routes this feature serves; src/app/routes.tsx mounts them inside the layout. */
export const dealFormRoutes: RouteObject[] = [
  { path: '/deals/new', element: createElement(DealFormPage) },
  { path: '/deals/:id/edit', element: createElement(DealFormPage) },
]
