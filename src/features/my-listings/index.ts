import { createElement, lazy } from 'react'
import type { RouteObject } from 'react-router'

const MyListingsPage = lazy(() => import('./my-listings-page').then((module) => ({ default: module.MyListingsPage })))

/** The routes this feature serves; src/app/routes.tsx mounts them inside the layout. */
export const myListingsRoutes: RouteObject[] = [{ path: '/deals/mine', element: createElement(MyListingsPage) }]
