import { lazy, createElement } from 'react'
import type { RouteObject } from 'react-router'

export { ProfileCompletionGuard } from './profile-completion-guard'

const ProfilePage = lazy(() => import('./profile-page').then((module) => ({ default: module.ProfilePage })))

/** The routes this feature serves; src/app/routes.tsx mounts them inside the layout. */
export const profileRoutes: RouteObject[] = [{ path: '/profile', element: createElement(ProfilePage) }]
