import { createElement, lazy } from 'react'
import type { RouteObject } from 'react-router'

const AdminLayout = lazy(() => import('./admin-layout').then((module) => ({ default: module.AdminLayout })))
const AccessPage = lazy(() => import('./access/access-page').then((module) => ({ default: module.AccessPage })))
const SettingsPage = lazy(() => import('./settings/settings-page').then((module) => ({ default: module.SettingsPage })))

/**
 * `/admin` and its sections (sections.ts), for admins and owners: src/app/routes.tsx mounts them behind the
 * role check. Each section's page is its own chunk.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin',
    element: createElement(AdminLayout),
    children: [
      // Sections, one line each: { index: true, element: … } for users, then { path: 'audit', element: … }…
      { path: 'access', element: createElement(AccessPage) },
      { path: 'settings', element: createElement(SettingsPage) },
    ],
  },
]
