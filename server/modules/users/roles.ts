import { ALL_ACCESS_ROLES, PRIVILEGED_ROLES, satisfiesRoles, type Role } from '../../../src/contract'

export { satisfiesRoles }

/** Privileged, the seller side (spec §6): originator, owner or admin. The SPA's `isPrivileged` reads the same list. */
export const isPrivileged = (roles: readonly Role[]) => PRIVILEGED_ROLES.some((role) => roles.includes(role))

/**
 * Admins and owners get all features (spec §6): they see and manage every listing and every hidden street
 * address. Not the same as privileged: an originator is privileged but sees and manages only their own.
 */
export const hasAllAccess = (roles: readonly Role[]) => ALL_ACCESS_ROLES.some((role) => roles.includes(role))

/** Highest first: the primary role of a user is the first of these they hold. */
export const ROLE_RANK = ['admin', 'owner', 'originator', 'buyer'] as const satisfies readonly Role[]

/** Roles in one canonical order without duplicates; an empty list means buyer (spec §6). */
export function normalizeRoles(roles: readonly Role[]): Role[] {
  const held = ROLE_RANK.filter((role) => roles.includes(role)).reverse()
  return held.length > 0 ? held : ['buyer']
}

export function primaryRole(roles: readonly Role[]): Role {
  return ROLE_RANK.find((role) => roles.includes(role)) ?? 'buyer'
}
