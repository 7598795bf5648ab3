import type { CognitoUserSession } from 'amazon-cognito-identity-js'
import { tokenExpiresAt } from './jwt'
import type { FreshTokens } from './refresh-scheduler'

/** The tokens of an SDK session, with the ID token's expiry in epoch ms. */
export function sessionTokens(session: CognitoUserSession): FreshTokens {
  const idToken = session.getIdToken().getJwtToken()
  return {
    idToken,
    refreshToken: session.getRefreshToken().getToken() || null,
    expiresAt: tokenExpiresAt(idToken) ?? session.getIdToken().getExpiration() * 1000,
  }
}
