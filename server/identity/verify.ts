import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  type JWTPayload,
} from 'jose'
import type { Identity } from './types'

export type IdTokenClaims = JWTPayload & {
  sub: string
  email: string
  email_verified?: boolean | string
  'cognito:groups'?: string[]
  'cognito:username'?: string
  auth_time?: number
  token_use: 'id'
  origin_jti?: string
}

export type AccessTokenClaims = JWTPayload & {
  sub: string
  client_id: string
  username: string
  token_use: 'access'
  origin_jti?: string
}

/** Why a token was refused; callers answer 401 (API) or NotAuthorizedException (IdP) alike. */
export class TokenError extends Error {
  override name = 'TokenError'
  constructor(
    /** `unavailable`: the key set could not be fetched; not the caller's fault (503, not 401). */
    readonly reason: 'malformed' | 'signature' | 'expired' | 'claims' | 'revoked' | 'unavailable',
    message: string,
  ) {
    super(message)
  }
}

type KeySet = ReturnType<typeof createLocalJWKSet> | ReturnType<typeof createRemoteJWKSet>

/**
 * A token must name its key: jose would otherwise pick the only RS256 key of the set for a header without
 * `kid`. A kid the set does not have is refused by the set itself (JWKSNoMatchingKey).
 */
const namedKeyOnly =
  (keySet: KeySet): JWTVerifyGetKey =>
  async (header, token) => {
    if (typeof header.kid !== 'string' || header.kid === '') {
      throw new TokenError('signature', 'Token does not name a key of the key set')
    }
    return keySet(header, token)
  }

export type TokenVerifier = {
  readonly issuer: string
  readonly clientId: string
  verifyIdToken(token: string): Promise<IdTokenClaims>
  verifyAccessToken(token: string): Promise<AccessTokenClaims>
}

export type VerifierSettings = {
  issuer: string
  clientId: string
  /** The embedded IdP's published keys, or a URL of a remote JWKS (AWS Cognito). */
  keys: JSONWebKeySet | URL
  now: () => Date
}

export const cognitoIssuer = (region: string, userPoolId: string) =>
  `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`

/**
 * One verification path for both identity providers: RS256 signature against the pool's JWKS, issuer,
 * expiry, and the Cognito claims that tell an ID token from an access token and name the app client.
 */
export function createTokenVerifier(settings: VerifierSettings): TokenVerifier {
  const keySet = namedKeyOnly(
    settings.keys instanceof URL
      ? createRemoteJWKSet(settings.keys, { cooldownDuration: 30_000, cacheMaxAge: 600_000 })
      : createLocalJWKSet(settings.keys),
  )

  async function verify(token: string, audience?: string): Promise<JWTPayload> {
    if (token.split('.').length !== 3) throw new TokenError('malformed', 'Token is not a JWT')
    try {
      const { payload } = await jwtVerify(token, keySet, {
        issuer: settings.issuer,
        algorithms: ['RS256'],
        currentDate: settings.now(),
        requiredClaims: ['exp', 'iat', 'sub', 'token_use'],
        ...(audience && { audience }),
      })
      return payload
    } catch (error) {
      throw toTokenError(error)
    }
  }

  return {
    issuer: settings.issuer,
    clientId: settings.clientId,
    async verifyIdToken(token) {
      const payload = await verify(token, settings.clientId)
      if (payload.token_use !== 'id') throw new TokenError('claims', 'Not an ID token')
      if (typeof payload.email !== 'string') throw new TokenError('claims', 'ID token without email')
      return payload as IdTokenClaims
    },
    async verifyAccessToken(token) {
      const payload = await verify(token)
      if (payload.token_use !== 'access') throw new TokenError('claims', 'Not an access token')
      // Cognito access tokens carry the app client in client_id, not aud.
      if (payload.client_id !== settings.clientId) throw new TokenError('claims', 'Token of another app client')
      return payload as AccessTokenClaims
    },
  }
}

function toTokenError(error: unknown): TokenError {
  if (error instanceof TokenError) return error
  if (error instanceof joseErrors.JWTExpired) return new TokenError('expired', 'Token has expired')
  if (error instanceof joseErrors.JWTClaimValidationFailed) return new TokenError('claims', error.message)
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey)
    return new TokenError('signature', 'Token signature is not valid')
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid)
    return new TokenError('unavailable', error.message)
  if (error instanceof joseErrors.JOSEError) return new TokenError('malformed', error.message)
  // Anything else is the JWKS fetch failing (network); never a pass.
  return new TokenError('unavailable', error instanceof Error ? error.message : 'Token could not be verified')
}

/** The part of an ID token the rest of the server needs. */
export function identityFromClaims(claims: IdTokenClaims): Identity {
  return {
    sub: claims.sub,
    email: claims.email.toLowerCase(),
    // Cognito has sent this as the string "true" in some pools.
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    groups: Array.isArray(claims['cognito:groups']) ? claims['cognito:groups'] : [],
    authTime: typeof claims.auth_time === 'number' ? claims.auth_time : (claims.iat ?? 0),
    originJti: typeof claims.origin_jti === 'string' ? claims.origin_jti : null,
  }
}
