import { useCallback } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { keyFor } from '@/api/queries'
import { useAuth } from '@/auth'
import { endpoints, type User } from '@/contract'
import { safeNextPath } from './completion'

/**
 * After a save that completed the profile: back to the page the guard sent the person here from
 * (`next`), or, when `leave` is set (the first preferences save), to the listings. While something is
 * still missing the person stays, with the prompt at the top saying what: leaving would only bring the
 * guard back. Returns whether it navigated.
 */
export function useFinishProfile() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const queryClient = useQueryClient()
  const { user: sessionUser } = useAuth()
  const next = safeNextPath(params.get('next'))

  return useCallback(
    (options: { user?: User | null; leave?: boolean } = {}) => {
      const user = options.user ?? queryClient.getQueryData(keyFor(endpoints.me)) ?? sessionUser
      const to = next ?? (options.leave ? '/deals' : null)
      if (!to || !user?.profileComplete) return false
      void navigate(to)
      return true
    },
    [navigate, next, queryClient, sessionUser],
  )
}
