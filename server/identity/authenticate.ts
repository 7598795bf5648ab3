import type { FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { AppError } from '../http/errors'
import { identityFromClaims, TokenError, type TokenVerifier } from './verify'
import type { Identity } from './types'

const BEARER = /^Bearer\s+(\S+)\s*$/i

/** How many verified tokens are remembered: a busy server's signed-in users, each with a token or two. */
const VERIFIED_TOKENS = 10_000

type Verified = { identity: Identity; expiresAtMs: number }

export type AuthenticateOptions = {
  verifier: TokenVerifier
  /** The server's clock (tests move it); a remembered token still expires by it. */
  now: () => Date
  /** Embedded IdP: whether the session a token came from was signed out. */
  isSessionRevoked?: (originJti: string) => Promise<boolean>
}

/**
 * The preHandler behind `app.authenticate`: a valid ID token in `Authorization: Bearer` sets
 * `request.identity`; anything else is 401 auth_required. `isSessionRevoked` (embedded IdP) also refuses
 * tokens whose session was signed out, so revoking a refresh token takes effect at the next call.
 *
 * A token's signature and claims cannot change, so a verified token is remembered until it expires and
 * its next call skips the RS256 check; the revocation check still runs every time.
 */
export function createAuthenticate({
  verifier,
  now,
  isSessionRevoked,
}: AuthenticateOptions): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const verified = new LRUCache<string, Verified>({ max: VERIFIED_TOKENS })

  async function identityOf(request: FastifyRequest, token: string): Promise<Identity> {
    const known = verified.get(token)
    if (known && known.expiresAtMs > now().getTime()) return known.identity
    try {
      const claims = await verifier.verifyIdToken(token)
      const identity = identityFromClaims(claims)
      verified.set(token, { identity, expiresAtMs: (claims.exp ?? 0) * 1000 })
      return identity
    } catch (error) {
      verified.delete(token)
      if (error instanceof TokenError && error.reason === 'unavailable') {
        request.log.error({ err: error }, 'identity provider keys unavailable')
        throw new AppError(503, 'identity_unavailable', 'identityUnavailable')
      }
      request.log.info({ reason: error instanceof TokenError ? error.reason : 'unknown' }, 'token refused')
      throw new AppError(401, 'auth_required', 'authRequired')
    }
  }

  return async (request) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1]
    if (!token) throw new AppError(401, 'auth_required', 'authRequired')
    const identity = await identityOf(request, token)
    if (isSessionRevoked && (!identity.originJti || (await isSessionRevoked(identity.originJti)))) {
      request.log.info({ reason: 'revoked' }, 'token refused')
      throw new AppError(401, 'auth_required', 'authRequired')
    }
    request.identity = identity
  }
}
