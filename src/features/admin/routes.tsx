import { createElement, lazy } from 'react'
import type { RouteObject } from 'react-router'
import { lazyPageElement } from '@/components/lazy-page'

const AdminLayout = lazy(() => import('./admin-layout').then((module) => ({ default: module.AdminLayout })))

/**
 * `/admin` and its sections (sections.ts), for admins and owners: src/app/routes.tsx mounts them behind the
 * role check. Each section's page is its own chunk.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin',
    element: createElement(AdminLayout),
    children: [
      { index: true, element: lazyPageElement(() => import('./users/users-page'), 'UsersPage') },
      { path: 'users/:id', element: lazyPageElement(() => import('./users/user-page'), 'UserPage') },
      { path: 'audit', element: lazyPageElement(() => import('./audit/audit-page'), 'AuditPage') },
      { path: 'training/*', element: lazyPageElement(() => import('./training/training-section'), 'TrainingSection') },
      { path: 'roadmap', element: lazyPageElement(() => import('./roadmap/roadmap-section'), 'RoadmapSection') },
      { path: 'help', element: lazyPageElement(() => import('./help/help-section'), 'HelpSection') },
      {
        path: 'feedback',
        element: lazyPageElement(() => import('./feedback/feedback-review-page'), 'FeedbackReviewPage'),
      },
      {
        path: 'seller-requests',
        element: lazyPageElement(() => import('./seller-requests/seller-requests-page'), 'SellerRequestsPage'),
      },
      { path: 'access', element: lazyPageElement(() => import('./access/access-page'), 'AccessPage') },
      { path: 'settings', element: lazyPageElement(() => import('./settings/settings-page'), 'SettingsPage') },
    ],
  },
]
