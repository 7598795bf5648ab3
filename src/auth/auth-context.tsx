import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { queryFor } from '@/api/queries'
import { identity, mayHaveStoredSession } from './identity'
import { meEndpoint, retryMeOnce } from './server-check'
import { SessionManager } from './session'
import { writeCachedUser } from './storage'
import type { User } from '@/contract'
import type { AuthSession, AuthState, SignInResult } from './types'

export type { AuthState, AuthStatus, AuthSession } from './types'

const signedOutResult: Promise<SignInResult> = Promise.resolve({
  type: 'error',
  code: 'NoSession',
  message: 'No session provider',
})

const signedOutSession: AuthSession = {
  status: 'unauthenticated',
  user: null,
  signOut: () => Promise.resolve(),
  signIn: () => signedOutResult,
  completeNewPassword: () => signedOutResult,
  submitMfaCode: () => signedOutResult,
  signInWithLink: () => signedOutResult,
  refreshUser: () => Promise.resolve(null),
}

export const AuthContext = createContext<AuthSession>(signedOutSession)

/**
 * Provides the session (the Cognito session manager). `value` starts it in a given state instead of reading
 * storage (tests, the server's render): signed in as `value.user`, with `value.signOut` standing in for the
 * real sign-out. Sign-in still works from there. `resume` starts it signed in as the member a server-rendered
 * page was rendered for, while the stored session is checked as usual.
 */
export function AuthProvider({ children, value, resume }: { children: ReactNode; value?: AuthState; resume?: User }) {
  const queryClient = useQueryClient()
  const [initial] = useState(value)
  const [manager] = useState(() => {
    const created = new SessionManager({ identity, mayHaveStoredSession, queryClient })
    if (initial) created.assume(initial.status === 'authenticated' ? initial.user : null)
    else if (resume) created.resume(resume)
    return created
  })

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') manager.onVisible()
    }
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('storage', manager.onStorage)
    window.addEventListener('pagehide', manager.onPageHide)
    window.addEventListener('pageshow', manager.onPageShow)
    if (!initial) void manager.startOnce()
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('storage', manager.onStorage)
      window.removeEventListener('pagehide', manager.onPageHide)
      window.removeEventListener('pageshow', manager.onPageShow)
    }
  }, [manager, initial])

  const status = useSyncExternalStore(manager.subscribe, manager.getStatus, manager.getStatus)
  // The session manager fetches and sets the user; this observer keeps it live for invalidation.
  const { data } = useQuery({
    ...queryFor(meEndpoint),
    enabled: status === 'authenticated',
    staleTime: Infinity,
    retry: retryMeOnce,
  })
  const user = status === 'authenticated' ? (data ?? null) : null
  // Whoever updates the user (profile saves, invalidation) also refreshes the copy the startup check falls back on.
  useEffect(() => {
    if (user && !initial) writeCachedUser(user)
  }, [user, initial])

  const session = useMemo<AuthSession>(
    () => ({
      status,
      user,
      signOut: initial?.signOut ?? manager.signOut,
      signIn: manager.signIn,
      completeNewPassword: manager.completeNewPassword,
      submitMfaCode: manager.submitMfaCode,
      signInWithLink: manager.signInWithLink,
      refreshUser: manager.refreshUser,
    }),
    [status, user, manager, initial],
  )
  return <AuthContext.Provider value={session}>{children}</AuthContext.Provider>
}

/** The session: status, user, sign-in steps, sign-out, refreshUser. */
export const useAuth = () => useContext(AuthContext)
