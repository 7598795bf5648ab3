import { createContext, useContext, type ReactNode } from 'react'
import type { User } from '@/contract'

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated'

export type AuthState = {
  status: AuthStatus
  user: User | null
  signOut: () => Promise<void>
}

const signedOutState: AuthState = {
  status: 'unauthenticated',
  user: null,
  signOut: () => Promise.resolve(),
}

export const AuthContext = createContext<AuthState>(signedOutState)

/**
 * Provides the session. The identity issue replaces the signed-out default with the Cognito session
 * manager; the rest of the app only reads `useAuth()`.
 */
export function AuthProvider({ children, value }: { children: ReactNode; value?: AuthState }) {
  return <AuthContext.Provider value={value ?? signedOutState}>{children}</AuthContext.Provider>
}

export const useAuth = () => useContext(AuthContext)
