import type { Location } from 'react-router'
import type { User } from '@/contract'
import { useAuth } from './auth-context'

/** The sign-in page that brings the visitor back to `location` afterwards: path, query and hash. */
export const signInPathFor = ({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `/auth?next=${encodeURIComponent(`${pathname}${search}${hash}`)}`

/** The signed-in user, for pages behind `RequireSignIn` (which never renders them without one). */
export function useSignedInUser(): User {
  const { user } = useAuth()
  if (!user) throw new Error('useSignedInUser is for pages behind RequireSignIn')
  return user
}
