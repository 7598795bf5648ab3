import type { FastifyInstance } from 'fastify'
import { createAuthenticate } from './authenticate'
import { createAwsProvider } from './aws-provider'
import { createAwsSigninLink } from './aws-signin-link'
import { createHasher } from './codes'
import type { IdentityMailer, IdpContext } from './context'
import { loadOrCreateSigningKey } from './keys'
import { registerProtocol } from './protocol'
import { createEmbeddedProvider } from './provider'
import { createReadCache } from '../lib/read-cache'
import { refreshTokens, sessionsRevoked } from './repository'
import { createThrottle } from './throttle'
import { createSessionCodec } from './tokens'
import { cognitoIssuer, createTokenVerifier } from './verify'

/** The embedded pool's fixed names; the SPA uses the same defaults when no VITE_COGNITO_* is set. */
export const EMBEDDED_POOL_ID = 'local_keyway'
export const EMBEDDED_CLIENT_ID = 'keywaywebclient'

export const embeddedIssuer = (publicUrl: string) => `${publicUrl}/cognito-idp/${EMBEDDED_POOL_ID}`

/**
 * Identity for the whole server: `app.authenticate`, `app.idp` and `request.identity`. With COGNITO_*
 * set, tokens are verified against AWS Cognito's JWKS; otherwise the embedded Cognito-compatible IdP
 * is mounted at /cognito-idp/ with its signing key in the database (server_keys, shared by every instance),
 * sending its codes and links through `mail` (the app passes its mail service in).
 */
export async function registerIdentity(app: FastifyInstance, { mail }: { mail: IdentityMailer }) {
  app.decorateRequest('identity', null)
  const { config } = app
  const now = () => app.now()

  if (config.cognito) {
    const { region, userPoolId, clientId } = config.cognito
    const issuer = cognitoIssuer(region, userPoolId)
    const verifier = createTokenVerifier({ issuer, clientId, keys: new URL(`${issuer}/.well-known/jwks.json`), now })
    app.decorate('authenticate', createAuthenticate({ verifier, now }))
    const log = app.log.child({ module: 'identity' })
    const signinLink = config.COGNITO_TRIGGER_SECRET
      ? createAwsSigninLink({
          db: app.db,
          now,
          publicUrl: config.PUBLIC_URL,
          mail,
          throttle: createThrottle(app.db, now),
          log,
        })
      : null
    if (!signinLink) {
      log.warn(
        'AWS mode without COGNITO_TRIGGER_SECRET: the e-mailed sign-in link is off (the pool cannot check codes)',
      )
    }
    app.decorate('idp', createAwsProvider({ region, clientId, log, signinLink }))
    return
  }

  const key = await loadOrCreateSigningKey(app.db, config.DATA_DIR)
  const issuer = embeddedIssuer(config.PUBLIC_URL)
  const jwks = { keys: [key.publicJwk] }
  const verifier = createTokenVerifier({ issuer, clientId: EMBEDDED_CLIENT_ID, keys: jwks, now })
  const ctx: IdpContext = {
    db: app.db,
    now,
    clientId: EMBEDDED_CLIENT_ID,
    publicUrl: config.PUBLIC_URL,
    tokens: { issuer, clientId: EMBEDDED_CLIENT_ID, idTokenTtlSeconds: config.IDP_ID_TOKEN_TTL_SECONDS, key },
    refreshTtlDays: config.IDP_REFRESH_TOKEN_TTL_DAYS,
    allowSelfSignUp: config.IDP_ALLOW_SELF_SIGNUP,
    hasher: createHasher(key.secret),
    sessions: createSessionCodec(key.secret, issuer),
    throttle: createThrottle(app.db, now),
    verifier,
    mail,
    log: app.log.child({ module: 'identity' }),
  }

  // Asked on every call: remembered, forgotten by any revocation on this instance or, once announced on the
  // bus, on another; at most 5 s if that announcement is lost.
  const revoked = createReadCache<boolean>(sessionsRevoked.of(app.db), { max: 10_000, ttlMs: 5_000 })
  const isSessionRevoked = (originJti: string) =>
    revoked.get(originJti, async () => {
      const session = await refreshTokens.byOrigin(app.db, originJti)
      return !session || session.revokedAt !== null
    })
  app.decorate('authenticate', createAuthenticate({ verifier, now, isSessionRevoked }))
  app.decorate('idp', createEmbeddedProvider(ctx))

  const wellKnown = `/cognito-idp/${EMBEDDED_POOL_ID}/.well-known`
  app.get(`${wellKnown}/jwks.json`, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600')
    return jwks
  })
  app.get(`${wellKnown}/openid-configuration`, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600')
    return {
      issuer,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      id_token_signing_alg_values_supported: ['RS256'],
      subject_types_supported: ['public'],
      response_types_supported: ['token'],
      claims_supported: [
        'sub',
        'email',
        'email_verified',
        'cognito:groups',
        'cognito:username',
        'given_name',
        'family_name',
      ],
    }
  })
  await registerProtocol(app, ctx)
}
