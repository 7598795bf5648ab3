import type { User } from '@/contract'

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated'

/**
 * A failure of an identity call: `code` is the Cognito error name (NotAuthorizedException,
 * CodeMismatchException…) or one of ours (NotConfigured, NetworkError, AccountDeactivated…); `message` is the
 * provider's text. Show people `authErrorMessage(t, error)`, not `message`.
 */
export type AuthError = { code: string; message: string }

export type MfaMethod = 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA'

/** What a sign-in step ends in. Challenges continue with completeNewPassword or submitMfaCode. */
export type SignInResult =
  | { type: 'signedIn' }
  | { type: 'newPasswordRequired' }
  | { type: 'mfaRequired'; method: MfaMethod }
  | ({ type: 'error' } & AuthError)

/** The observable session: what the provider's `auth` override (tests) gives. */
export type AuthState = {
  status: AuthStatus
  /** The signed-in user, read from React Query under `keyFor(endpoints.me)`. */
  user: User | null
  /** Sign-out per spec §4: ends in a full reload to `/`. */
  signOut: () => Promise<void>
}

/** What `useAuth()` returns. */
export type AuthSession = AuthState & {
  signIn: (email: string, password: string) => Promise<SignInResult>
  /** Answers NEW_PASSWORD_REQUIRED after `signIn`. */
  completeNewPassword: (newPassword: string) => Promise<SignInResult>
  /** Answers SOFTWARE_TOKEN_MFA or SMS_MFA after `signIn`. */
  submitMfaCode: (code: string) => Promise<SignInResult>
  /** Completes an e-mailed sign-in link (CUSTOM_AUTH with the link's one-time code). */
  signInWithLink: (email: string, code: string) => Promise<SignInResult>
  /**
   * Asks the server for the user again and updates the cache; null when signed out or it failed.
   * `renewTokens` first gets new tokens, so claims the server reads (e-mail after a change) are current.
   */
  refreshUser: (options?: { renewTokens?: boolean }) => Promise<User | null>
}
