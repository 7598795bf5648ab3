import { hasRole } from '@/auth'
import type { User } from '@/contract'
import { roleTab } from './tabs'

/** Paths a person with an incomplete profile may still open (spec §4). */
export const EXEMPT_PREFIXES = [
  '/auth',
  '/profile',
  '/verify',
  '/unauthorized',
  '/signup',
  '/reset-password',
  '/terms',
  '/privacy',
  '/accessibility',
  '/feedback',
  '/owners-feedback',
] as const

/**
 * Prefix matching as the spec words it: `/verify` also covers `/verify-email-change` and `/auth` covers
 * `/auth?signin=…`. `/` is deliberately not exempt.
 */
export const isExemptPath = (pathname: string) => EXEMPT_PREFIXES.some((prefix) => pathname.startsWith(prefix))

type GuardUser = Pick<
  User,
  'role' | 'roles' | 'cognitoGroups' | 'firstName' | 'lastName' | 'phoneNumber' | 'profileComplete'
>

export type GuardDecision = {
  /** Where to send the person (replacing the history entry). */
  to: string
  /** Whether to show the "Complete Your Profile" toast (not for /profile without a tab). */
  notify: boolean
}

/**
 * The profile completion guard as a pure decision. A signed-in non-admin with an incomplete profile on a
 * path outside the exempt prefixes goes to `/profile?tab=<role tab>` (with `next` set to where they
 * were, so finishing the profile takes them back); on `/profile` without a tab they go to the role's tab.
 * Everyone else stays.
 */
export function profileGuardDecision(
  user: GuardUser | null | undefined,
  location: { pathname: string; search: string },
): GuardDecision | null {
  if (!user || user.profileComplete || hasRole(user, 'admin')) return null
  const tab = roleTab(user)
  if (location.pathname === '/profile' || location.pathname === '/profile/') {
    if (new URLSearchParams(location.search).get('tab')) return null
    return {
      to: withParams('/profile', { ...Object.fromEntries(new URLSearchParams(location.search)), tab }),
      notify: false,
    }
  }
  if (isExemptPath(location.pathname)) return null
  const from = `${location.pathname}${location.search}`
  // Home is where signing in lands by default: coming back to it after the profile is no help.
  const next = location.pathname === '/' ? undefined : from
  return { to: withParams('/profile', { tab, ...(next ? { next } : {}) }), notify: true }
}

function withParams(path: string, params: Record<string, string>) {
  const search = new URLSearchParams(params).toString()
  return search ? `${path}?${search}` : path
}

/** A `next` parameter is honoured only when it is a path on this site (no scheme, no `//host`). */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null
  return next
}
