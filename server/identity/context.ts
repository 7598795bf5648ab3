import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client'
import type { CodePurpose } from '../db/schema/identity'
import { SERVER_LANGUAGES, type ServerLanguage } from '../http/i18n'
import { CognitoError, messages } from './cognito-error'
import { generateCode, generateSecret, maskEmail, type Hasher } from './codes'
import { codes, refreshTokens, users, type IdentityUserRow } from './repository'
import type { Throttle } from './throttle'
import { mintTokens, type SessionCodec, type TokenSettings } from './tokens'
import { TokenError, type TokenVerifier } from './verify'

/** The mail the identity provider sends (codes and links). */
export type IdentityMailTemplate = 'signupCode' | 'signinLink' | 'passwordReset' | 'emailChangeCode'

/**
 * What the identity provider needs from the mail module: the app passes its mail service in (server/identity
 * sits below server/modules and never imports them). `db` records the mail inside the caller's transaction.
 */
export type IdentityMailer = {
  send(
    message: { to: string; template: IdentityMailTemplate; language: ServerLanguage; data?: Record<string, string> },
    options?: { db?: Database },
  ): Promise<unknown>
}

/** Everything an IdP operation needs; built once by the plugin, `db` swapped for a transaction when asked. */
export type IdpContext = {
  db: Database
  now: () => Date
  clientId: string
  publicUrl: string
  tokens: TokenSettings
  refreshTtlDays: number
  /** Public SignUp over the protocol (the server's own signUp is always allowed). */
  allowSelfSignUp: boolean
  hasher: Hasher
  sessions: SessionCodec
  throttle: Throttle
  verifier: TokenVerifier
  mail: IdentityMailer
  log: FastifyBaseLogger
}

/** Runs multi-step writes atomically (a savepoint when ctx.db is already a caller's transaction). */
export function inTransaction<T>(ctx: IdpContext, run: (tx: IdpContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction((db) => run({ ...ctx, db: db as unknown as Database }))
}

/** Who sent a protocol request: the address feeds rate limits (null for server-internal calls). */
export type Caller = { address: string | null; language: ServerLanguage }

const HOUR = 3_600_000
export const CODE_TTL_MS: Record<CodePurpose, number> = {
  signup: 24 * HOUR,
  forgot_password: HOUR,
  signin_link: 15 * 60_000,
  verify_email: 24 * HOUR,
}
/** Wrong tries one code allows before it is spent (Cognito: LimitExceededException). */
export const MAX_CODE_ATTEMPTS = 5

export const codeDelivery = (email: string) => ({
  AttributeName: 'email',
  DeliveryMedium: 'EMAIL',
  Destination: maskEmail(email),
})

/** The user's saved locale when it is one we write mail in, else the caller's language. */
export function mailLanguage(user: Pick<IdentityUserRow, 'attributes'>, caller: Caller): ServerLanguage {
  const locale = user.attributes.locale?.slice(0, 2)
  return (SERVER_LANGUAGES as readonly string[]).includes(locale ?? '') ? (locale as ServerLanguage) : caller.language
}

export const nameOf = (user: Pick<IdentityUserRow, 'attributes'>) => user.attributes.given_name ?? ''

export async function putCode(
  ctx: IdpContext,
  user: IdentityUserRow,
  purpose: CodePurpose,
  target?: string,
): Promise<string> {
  const code = generateCode()
  const now = ctx.now()
  await codes.put(
    ctx.db,
    {
      sub: user.sub,
      purpose,
      codeHash: ctx.hasher.hash(purpose, user.sub, code),
      target: target ?? null,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS[purpose]),
    },
    now,
  )
  return code
}

/**
 * Spends a one-time code: the right code is deleted so it works once; a wrong one counts against the
 * code and the caller's address; past the limit the code is gone and a new one must be requested.
 * Returns the code's target (the new e-mail of an e-mail change).
 */
export async function consumeCode(
  ctx: IdpContext,
  user: IdentityUserRow | null,
  purpose: CodePurpose,
  code: string,
  caller: Caller,
): Promise<string | null> {
  if (caller.address) await ctx.throttle.check({ address: caller.address })
  const row = user ? await codes.get(ctx.db, user.sub, purpose) : null
  if (!user || !row || row.expiresAt.getTime() <= ctx.now().getTime()) {
    if (user && row) await codes.remove(ctx.db, user.sub, purpose)
    if (caller.address) await ctx.throttle.recordFailure({ address: caller.address })
    // Unknown users get the same answer as a spent code, so this cannot tell who has an account.
    throw new CognitoError('ExpiredCodeException', messages.codeExpired)
  }
  if (!ctx.hasher.matches(row.codeHash, purpose, user.sub, code.trim())) {
    if (caller.address) await ctx.throttle.recordFailure({ address: caller.address })
    const attempts = row.attempts + 1
    if (attempts >= MAX_CODE_ATTEMPTS) {
      await codes.remove(ctx.db, user.sub, purpose)
      throw new CognitoError('LimitExceededException', messages.limitExceeded)
    }
    await codes.countAttempt(ctx.db, row.id, attempts)
    throw new CognitoError('CodeMismatchException', messages.codeMismatch)
  }
  await codes.remove(ctx.db, user.sub, purpose)
  return row.target
}

export type AuthenticationResult = {
  AccessToken: string
  IdToken: string
  RefreshToken?: string
  ExpiresIn: number
  TokenType: 'Bearer'
}

/** Starts a session: a new refresh token (stored hashed) and the ID and access tokens tied to it. */
export async function startSession(
  ctx: IdpContext,
  user: IdentityUserRow,
  authTime: Date,
): Promise<AuthenticationResult> {
  const now = ctx.now()
  const refreshToken = generateSecret()
  const originJti = randomUUID()
  await refreshTokens.insert(ctx.db, {
    sub: user.sub,
    tokenHash: ctx.hasher.hash('refresh', refreshToken),
    originJti,
    clientId: ctx.clientId,
    authTime,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ctx.refreshTtlDays * 24 * HOUR),
  })
  const minted = await mintTokens(ctx.tokens, user, { originJti, authTime }, now)
  return {
    AccessToken: minted.accessToken,
    IdToken: minted.idToken,
    RefreshToken: refreshToken,
    ExpiresIn: minted.expiresIn,
    TokenType: 'Bearer',
  }
}

export type AuthAnswer =
  | { ChallengeParameters: Record<string, string>; AuthenticationResult: AuthenticationResult }
  | { ChallengeName: string; Session: string; ChallengeParameters: Record<string, string> }

/** After the first factor: the TOTP challenge for users who enabled it, else the tokens. */
export async function finishSignIn(ctx: IdpContext, user: IdentityUserRow, authTime: Date): Promise<AuthAnswer> {
  if (user.mfaEnabled && user.totpSecret) {
    const session = await ctx.sessions.encode(
      {
        challenge: 'SOFTWARE_TOKEN_MFA',
        sub: user.sub,
        username: user.username,
        authTime: Math.floor(authTime.getTime() / 1000),
      },
      ctx.now(),
    )
    return { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: session, ChallengeParameters: {} }
  }
  return { ChallengeParameters: {}, AuthenticationResult: await startSession(ctx, user, authTime) }
}

/** The user behind an access token, refusing expired, revoked and disabled ones as Cognito does. */
export async function userFromAccessToken(ctx: IdpContext, accessToken: unknown): Promise<IdentityUserRow> {
  if (typeof accessToken !== 'string' || accessToken === '')
    throw new CognitoError('InvalidParameterException', 'Missing required parameter AccessToken')
  let claims
  try {
    claims = await ctx.verifier.verifyAccessToken(accessToken)
  } catch (error) {
    const expired = error instanceof TokenError && error.reason === 'expired'
    throw new CognitoError('NotAuthorizedException', expired ? 'Access Token has expired' : messages.invalidAccessToken)
  }
  if (claims.origin_jti) {
    const session = await refreshTokens.byOrigin(ctx.db, claims.origin_jti)
    if (!session || session.revokedAt) throw new CognitoError('NotAuthorizedException', messages.revokedAccessToken)
  }
  const user = await users.bySub(ctx.db, claims.sub)
  if (!user) throw new CognitoError('NotAuthorizedException', messages.invalidAccessToken)
  if (user.status === 'DISABLED') throw new CognitoError('NotAuthorizedException', messages.disabled)
  return user
}
