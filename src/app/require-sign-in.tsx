import type { ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { passesRoleCheck, signInPathFor, useAuth } from '@/auth'
import { PageSpinner } from '@/components/ui/spinner'
import type { Role } from '@/contract'

type RequireSignInProps = {
  /** When given, the user needs one of these roles (admins and owners pass any); anyone else goes to `refusedTo`. */
  roles?: readonly Role[]
  /** Where a signed-in user without one of `roles` goes (the access-denied page unless said otherwise). */
  refusedTo?: string
  /** The guarded page; without it, the child routes (use it as a layout route's element). */
  children?: ReactNode
}

/**
 * The one guard for pages that are for members: while the session starts it shows the spinner, a visitor
 * goes to sign in and comes back to the very same URL, and with `roles` a member without one of them is
 * sent to `refusedTo`.
 */
export function RequireSignIn({ roles, refusedTo = '/unauthorized', children }: RequireSignInProps) {
  const { status, user } = useAuth()
  const location = useLocation()
  if (status === 'loading') return <PageSpinner />
  if (!user) return <Navigate to={signInPathFor(location)} replace />
  if (roles && !passesRoleCheck(user, roles)) return <Navigate to={refusedTo} replace />
  return children ?? <Outlet />
}
