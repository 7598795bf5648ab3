import { createElement, lazy, type ComponentType } from 'react'
import type { RouteObject } from 'react-router'

/** Each page is its own chunk, shown behind the layout's spinner while it loads (spec §2). */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  createElement(lazy(() => load().then((module) => ({ default: module[name] }))))

/** The routes this feature serves; src/app/routes.tsx mounts them inside the layout. */
export const signupRoutes: RouteObject[] = [
  { path: '/signup', element: page(() => import('./signup-page'), 'SignupPage') },
  { path: '/signup/buyer', element: page(() => import('./request-role-page'), 'BuyerRequestPage') },
  { path: '/signup/seller', element: page(() => import('./request-role-page'), 'SellerRequestPage') },
  { path: '/signup/seller/thank-you', element: page(() => import('./seller-thank-you-page'), 'SellerThankYouPage') },
  { path: '/signup/buyer-legacy', element: page(() => import('./buyer-legacy-page'), 'BuyerLegacyPage') },
  { path: '/requestAccess', element: page(() => import('./request-access-page'), 'RequestAccessPage') },
  { path: '/test-invitation', element: page(() => import('./test-invitation-page'), 'TestInvitationPage') },
]

/** The arithmetic human check (spec §5), also asked by the feedback forms. */
export { HumanCheckField } from './human-check-field'
export { useHumanCheck } from './api'
