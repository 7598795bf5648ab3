import { lazy, createElement } from 'react'
import type { RouteObject } from 'react-router'

export { ProfileCompletionGuard } from './profile-completion-guard'
export { profileGuardDecision } from './completion'

/**
 * Where a signed-in user without the seller role goes to become one before listing a deal: the Roles tab,
 * which then explains why they are there and, once the role is saved, offers to list the deal.
 */
export const BECOME_SELLER_PATH = '/profile?tab=roles&intent=sell'

const ProfilePage = lazy(() => import('./profile-page').then((module) => ({ default: module.ProfilePage })))

/** The routes this feature serves; src/app/routes.tsx mounts them inside the layout. */
export const profileRoutes: RouteObject[] = [{ path: '/profile', element: createElement(ProfilePage) }]
