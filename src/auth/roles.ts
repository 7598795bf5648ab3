import { ALL_ACCESS_ROLES, PRIVILEGED_ROLES, ROLES, satisfiesRoles, type Role, type User } from '@/contract'

type RoleHolder = Pick<User, 'role' | 'roles' | 'cognitoGroups'>

const stripPlural = (value: string) => value.toLowerCase().replace(/s$/, '')

/** A user has a role if it is the single role, in the roles list, or a cognito group (with or without trailing s). */
export function hasRole(user: RoleHolder | null | undefined, role: Role): boolean {
  if (!user) return false
  if (user.role === role || user.roles.includes(role)) return true
  return user.cognitoGroups.some((group) => stripPlural(group) === stripPlural(role))
}

export { PRIVILEGED_ROLES }

/** Seller-side users: originator, owner or admin (spec §6); the server's `isPrivileged` reads the same list. */
export const isPrivileged = (user: RoleHolder | null | undefined) =>
  PRIVILEGED_ROLES.some((role) => hasRole(user, role))

/** Admins and owners, who get all features (spec §6): they manage every listing, not only their own. */
export const hasAllAccess = (user: RoleHolder | null | undefined) =>
  ALL_ACCESS_ROLES.some((role) => hasRole(user, role))

/**
 * Whether the user passes a check that asks for any of `required`: the server's rule (`satisfiesRoles`), so
 * admins and owners pass every check, admin-only ones included (spec §6: they get all features).
 */
export function passesRoleCheck(user: RoleHolder | null | undefined, required: readonly Role[]): boolean {
  if (!user) return false
  return satisfiesRoles(
    ROLES.filter((role) => hasRole(user, role)),
    required,
  )
}
