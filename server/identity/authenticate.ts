import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../http/errors'
import { identityFromClaims, TokenError, type TokenVerifier } from './verify'

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * The preHandler behind `app.authenticate`: a valid ID token in `Authorization: Bearer` sets
 * `request.identity`; anything else is 401 auth_required. `isSessionRevoked` (embedded IdP) also refuses
 * tokens whose session was signed out, so revoking a refresh token takes effect at the next call.
 */
export function createAuthenticate(
  verifier: TokenVerifier,
  isSessionRevoked?: (originJti: string) => Promise<boolean>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1]
    if (!token) throw new AppError(401, 'auth_required', 'authRequired')
    let claims
    try {
      claims = await verifier.verifyIdToken(token)
    } catch (error) {
      if (error instanceof TokenError && error.reason === 'unavailable') {
        request.log.error({ err: error }, 'identity provider keys unavailable')
        throw new AppError(503, 'identity_unavailable', 'identityUnavailable')
      }
      request.log.info({ reason: error instanceof TokenError ? error.reason : 'unknown' }, 'token refused')
      throw new AppError(401, 'auth_required', 'authRequired')
    }
    const identity = identityFromClaims(claims)
    if (isSessionRevoked && (!identity.originJti || (await isSessionRevoked(identity.originJti)))) {
      request.log.info({ reason: 'revoked' }, 'token refused')
      throw new AppError(401, 'auth_required', 'authRequired')
    }
    request.identity = identity
  }
}
