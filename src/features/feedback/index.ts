import type { RouteObject } from 'react-router'
import { lazyPageElement } from '@/components/lazy-page'

export { FeedbackLauncher, useFeedbackTabShown } from './launcher'

/** `/feedback` for every member; src/app/routes.tsx mounts it behind the sign-in check. */
export const feedbackRoutes: RouteObject[] = [
  { path: '/feedback', element: lazyPageElement(() => import('./feedback-page'), 'FeedbackPage') },
]

/** `/owners-feedback`, for Owners Club members (sellers, owners, admins): mounted behind that role check. */
export const ownersFeedbackRoutes: RouteObject[] = [
  { path: '/owners-feedback', element: lazyPageElement(() => import('./feedback-page'), 'OwnersFeedbackPage') },
]
