import { hasRole } from '@/auth'
import type { Role, User } from '@/contract'

/**
 * Which roles a user may hand out (the server enforces the same): sellers invite buyers and sellers,
 * owners also owners, admins any role.
 */
export function invitableRoles(user: Pick<User, 'role' | 'roles' | 'cognitoGroups'> | null | undefined): Role[] {
  if (!user) return []
  if (hasRole(user, 'admin')) return ['buyer', 'originator', 'owner', 'admin']
  if (hasRole(user, 'owner')) return ['buyer', 'originator', 'owner']
  if (hasRole(user, 'originator')) return ['buyer', 'originator']
  return []
}
