/*
 * The roles as plain data (no zod), so the SPA's start-up code (route guards, the header) can read them
 * without loading the schemas; `RoleSchema` in `auth.ts` is built from `ROLES`.
 */

export const ROLES = ['buyer', 'originator', 'owner', 'admin'] as const
export type Role = (typeof ROLES)[number]

/** Privileged, the seller side (spec §6): originator, owner, admin. The SPA and the server both read this list. */
export const PRIVILEGED_ROLES = ['originator', 'owner', 'admin'] as const satisfies readonly Role[]

/**
 * Admins and owners get all features (spec §6): they see and manage every listing, hidden street addresses
 * included. Narrower than privileged: an originator is privileged but sees only their own.
 */
export const ALL_ACCESS_ROLES = ['admin', 'owner'] as const satisfies readonly Role[]

/**
 * Whether someone holding `held` passes a check that asks for any of `required`. Spec §6: admins and owners
 * get all features, so they pass every check, the admin-only ones (user management, settings, waitlist)
 * included; anyone else needs one of the roles asked for. The server's guard and the SPA's both use this.
 */
export function satisfiesRoles(held: readonly Role[], required: readonly Role[]): boolean {
  if (ALL_ACCESS_ROLES.some((role) => held.includes(role))) return true
  return required.some((role) => held.includes(role))
}
