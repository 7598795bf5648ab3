import type { Role, User } from '@/contract'
import { decodeJwtPayload } from './jwt'

/** Spec §6: when the server cannot say, the role comes from the group claim: admin, owner, originator, buyer. */
const ROLE_ORDER: readonly Role[] = ['admin', 'owner', 'originator', 'buyer']

export function roleFromGroups(groups: readonly string[]): Role {
  const normalized = groups.map((group) => group.toLowerCase().replace(/s$/, ''))
  return ROLE_ORDER.find((role) => normalized.includes(role)) ?? 'buyer'
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null)

/**
 * A stand-in user built from the ID token's claims, for when the server's identity check fails and there is
 * no cached user. The profile is treated as complete: unknown is not incomplete, and the completion guard
 * should not bounce people around during an outage.
 */
export function userFromIdToken(idToken: string, language: 'en' | 'es' = 'en'): User | null {
  const claims = decodeJwtPayload(idToken)
  const sub = text(claims?.sub)
  const email = text(claims?.email)
  if (!claims || !sub || !email) return null
  const groups = Array.isArray(claims['cognito:groups'])
    ? claims['cognito:groups'].filter((group): group is string => typeof group === 'string')
    : []
  const role = roleFromGroups(groups)
  const issuedAt = typeof claims.auth_time === 'number' ? claims.auth_time : Math.floor(Date.now() / 1000)
  return {
    userId: sub,
    id: sub,
    email,
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    phoneNumber: null,
    role,
    roles: [role],
    cognitoGroups: groups,
    authProvider: 'cognito',
    languagePreference: language,
    profileComplete: true,
    profileCompleted: true,
    subscription_plan: null,
    subscription_status: 'none',
    created_at: new Date(issuedAt * 1000).toISOString(),
    status: 'active',
    email_verified: claims.email_verified === true || claims.email_verified === 'true',
  }
}
