import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { consumeSigninLinkCode, isTriggerSecret } from '../../identity/aws-signin-link'

/**
 * Per address: the pool's Lambdas call from a handful of AWS addresses for every sign-in by link, so this is
 * far above a person's form limit; the bearer secret is what keeps others out, this only slows guessing it.
 */
export const SIGNIN_LINK_VERIFY_RATE_LIMIT = { max: 120, timeWindow: 60 * 1000 }

/**
 * `POST /api/auth/signin-link/verify`, AWS mode with COGNITO_TRIGGER_SECRET only: the Verify Auth Challenge
 * trigger (deploy/cognito-triggers/verify-auth-challenge.mjs) asks whether the answered code is right.
 */
export function registerSigninLinkVerify(app: FastifyInstance) {
  const secret = app.config.COGNITO_TRIGGER_SECRET
  if (!app.config.cognito || !secret) return
  implement(
    app,
    endpoints.signinLinkVerify,
    async (request) => {
      if (!isTriggerSecret(secret, request.headers.authorization)) {
        throw new AppError(401, 'auth_required', 'authRequired')
      }
      const { email, code } = request.body
      return { valid: await consumeSigninLinkCode(app.db, app.now(), email, code) }
    },
    { config: { rateLimit: SIGNIN_LINK_VERIFY_RATE_LIMIT } },
  )
}
