import { hasAllAccess, hasRole } from '@/auth'
import type { Role, User } from '@/contract'

/**
 * Which roles a user may hand out (the server enforces the same): sellers invite buyers and sellers, admins
 * and owners any role (spec §6: they get all features).
 */
export function invitableRoles(user: Pick<User, 'role' | 'roles' | 'cognitoGroups'> | null | undefined): Role[] {
  if (!user) return []
  if (hasAllAccess(user)) return ['buyer', 'originator', 'owner', 'admin']
  if (hasRole(user, 'originator')) return ['buyer', 'originator']
  return []
}
