import type { RouteObject } from 'react-router'
import { lazyPageElement as page } from '@/components/lazy-page'

/** The routes this feature serves; src/app/routes.tsx mounts them inside the layout. */
export const authRoutes: RouteObject[] = [
  { path: '/auth', element: page(() => import('./sign-in-page'), 'SignInPage') },
  { path: '/legacy-auth', element: page(() => import('./sign-in-page'), 'LegacySignInPage') },
  { path: '/reset-password', element: page(() => import('./reset-password-page'), 'ResetPasswordPage') },
  { path: '/verify', element: page(() => import('./verify-page'), 'VerifyPage') },
]

/** This feature's pages for signed-in users only; src/app/routes.tsx mounts them behind the sign-in guard. */
export const signedInAuthRoutes: RouteObject[] = [
  {
    path: '/verify-email-change',
    element: page(() => import('./verify-email-change-page'), 'VerifyEmailChangePage'),
  },
]
