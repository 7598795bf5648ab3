import type { CognitoUser } from 'amazon-cognito-identity-js'
import type { IdentityClient } from './cognito'
import { clearForSignOut } from './storage'

/** Revoking the refresh token must not hold a person who wants to leave (the SDK retries for seconds). */
const SIGN_OUT_TIMEOUT_MS = 3000

/**
 * The storage half of sign-out (spec §4): sign out of the identity provider (revoking the refresh token
 * when the pool allows), then remove every auth key and the dashboard marker. If any of it throws, all local
 * storage is wiped.
 */
export async function signOutAndClear(
  identity: () => Promise<IdentityClient>,
  signedInUser: CognitoUser | null,
): Promise<void> {
  try {
    const client = await identity().catch(() => null)
    const user = signedInUser ?? (await client?.currentUser()) ?? null
    if (client && user) {
      await Promise.race([client.signOut(user), new Promise((resolve) => setTimeout(resolve, SIGN_OUT_TIMEOUT_MS))])
    }
    clearForSignOut()
  } catch (error) {
    console.error('Sign-out failed; wiping local storage', error)
    try {
      localStorage.clear()
    } catch {
      // Storage unavailable: the reload that follows still ends the in-memory session.
    }
  }
}
