import { useCallback } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { authKeys } from '@/api/keys'
import { useAuth } from '@/auth'
import type { User } from '@/contract'
import { safeNextPath } from './completion'

/**
 * After a save: when the profile is now complete and the guard had sent the person here from another
 * page (`next`), take them back there. `always` (first preferences save) leaves even without `next`,
 * for /deals. Returns whether it navigated.
 */
export function useFinishProfile() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const queryClient = useQueryClient()
  const { user: sessionUser } = useAuth()
  const next = safeNextPath(params.get('next'))

  return useCallback(
    (options: { user?: User | null; always?: boolean } = {}) => {
      const user = options.user ?? queryClient.getQueryData<User>(authKeys.me()) ?? sessionUser
      if (options.always) {
        void navigate(next ?? '/deals')
        return true
      }
      if (next && user?.profileComplete) {
        void navigate(next)
        return true
      }
      return false
    },
    [navigate, next, queryClient, sessionUser],
  )
}
