import { useCallback, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import type { TFunction } from 'i18next'
import { authErrorKey, authErrorMessage, type AuthError, type MfaMethod, type SignInResult } from '@/auth'
import { safeNextPath } from './next-path'

export type Challenge = { type: 'newPassword' } | { type: 'mfa'; method: MfaMethod }

/**
 * What every sign-in path shares: a finished sign-in goes to `next` (same-site paths only) or the listings,
 * a challenge becomes the next step, an error goes back to the form that asked.
 */
export function useSignInFlow() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [challenge, setChallenge] = useState<Challenge | null>(null)
  const next = safeNextPath(params.get('next'))

  /** Moves the flow on; the error to show when there is one. */
  const handle = useCallback(
    (result: SignInResult): AuthError | null => {
      if (result.type === 'signedIn') {
        void navigate(next, { replace: true })
        return null
      }
      if (result.type === 'newPasswordRequired') {
        setChallenge({ type: 'newPassword' })
        return null
      }
      if (result.type === 'mfaRequired') {
        setChallenge({ type: 'mfa', method: result.method })
        return null
      }
      return { code: result.code, message: result.message }
    },
    [navigate, next],
  )

  return { challenge, setChallenge, handle, next }
}
export type SignInFlow = ReturnType<typeof useSignInFlow>

/** On a sign-in screen an unknown failure reads "Failed to sign in" (spec §8). */
export const signInErrorMessage = (t: TFunction, error: AuthError) =>
  authErrorKey(error) === 'generic' ? t('auth:errors.signInFailed') : authErrorMessage(t, error)
