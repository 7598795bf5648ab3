import { CognitoError, badCredentials, messages } from './cognito-error'
import { parseAttributes, mergeAttributes } from './attributes'
import { consumeCode, finishSignIn, startSession, type AuthAnswer, type Caller, type IdpContext } from './context'
import { burnPasswordCheck, checkPasswordPolicy, hashPassword, verifyPassword } from './passwords'
import { normalizeUsername, refreshTokens, users } from './repository'
import { matchTotp } from './totp'
import { mintTokens } from './tokens'

type Params = Record<string, string | undefined>

function required(params: Params, name: string): string {
  const value = params[name]
  if (typeof value !== 'string' || value === '')
    throw new CognitoError('InvalidParameterException', `Missing required parameter ${name}`)
  return value
}

const subject = (username: string, caller: Caller) => ({ account: username, address: caller.address ?? 'internal' })

export async function initiateAuth(ctx: IdpContext, flow: string, params: Params, caller: Caller): Promise<AuthAnswer> {
  switch (flow) {
    case 'USER_PASSWORD_AUTH':
      return passwordAuth(ctx, required(params, 'USERNAME'), required(params, 'PASSWORD'), caller)
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return refreshAuth(ctx, required(params, 'REFRESH_TOKEN'))
    case 'CUSTOM_AUTH':
      if (params.SRP_A || params.CHALLENGE_NAME)
        throw new CognitoError('InvalidParameterException', 'USER_SRP_AUTH flow not enabled for this client')
      return customAuth(ctx, required(params, 'USERNAME'))
    case 'USER_SRP_AUTH':
      throw new CognitoError('InvalidParameterException', 'USER_SRP_AUTH flow not enabled for this client')
    default:
      throw new CognitoError('InvalidParameterException', 'Invalid AuthFlow')
  }
}

async function passwordAuth(ctx: IdpContext, username: string, password: string, caller: Caller): Promise<AuthAnswer> {
  const who = subject(username, caller)
  await ctx.throttle.check(who)
  const user = await users.byUsername(ctx.db, username)
  const isMatch = user ? await verifyPassword(password, user.passwordHash) : (await burnPasswordCheck(password), false)
  if (!user || !isMatch) {
    await ctx.throttle.recordFailure(who)
    throw badCredentials()
  }
  await ctx.throttle.recordSuccess(who)
  if (user.status === 'DISABLED') throw new CognitoError('NotAuthorizedException', messages.disabled)
  if (user.status === 'UNCONFIRMED') throw new CognitoError('UserNotConfirmedException', messages.notConfirmed)
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const session = await ctx.sessions.encode(
      { challenge: 'NEW_PASSWORD_REQUIRED', sub: user.sub, username: user.username, authTime: 0 },
      ctx.now(),
    )
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.sub,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify({ email: user.email, ...user.attributes }),
      },
    }
  }
  return finishSignIn(ctx, user, ctx.now())
}

/** New ID and access tokens for the same session; Cognito keeps the refresh token, so none is returned. */
async function refreshAuth(ctx: IdpContext, token: string): Promise<AuthAnswer> {
  const row = await refreshTokens.byHash(ctx.db, ctx.hasher.hash('refresh', token))
  const now = ctx.now()
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.clientId !== ctx.clientId)
    throw new CognitoError('NotAuthorizedException', messages.invalidRefreshToken)
  const user = await users.bySub(ctx.db, row.sub)
  if (!user) throw new CognitoError('NotAuthorizedException', messages.invalidRefreshToken)
  // A disabled user's sessions are refused, not revoked (provider.ts): say why, as Cognito does.
  if (user.status === 'DISABLED') throw new CognitoError('NotAuthorizedException', messages.disabled)
  if (row.revokedAt) throw new CognitoError('NotAuthorizedException', messages.revokedRefreshToken)
  const minted = await mintTokens(ctx.tokens, user, { originJti: row.originJti, authTime: row.authTime }, now)
  return {
    ChallengeParameters: {},
    AuthenticationResult: {
      AccessToken: minted.accessToken,
      IdToken: minted.idToken,
      ExpiresIn: minted.expiresIn,
      TokenType: 'Bearer',
    },
  }
}

/**
 * The e-mailed sign-in link: the code was mailed by sendSigninLink; this only opens the challenge.
 * Unknown or unconfirmed usernames get a challenge too (that can never be answered), so nothing leaks.
 * A disabled user's challenge can be answered with a code mailed before, to be told "User is disabled.".
 */
async function customAuth(ctx: IdpContext, username: string): Promise<AuthAnswer> {
  const user = await users.byUsername(ctx.db, username)
  const session = await ctx.sessions.encode(
    {
      challenge: 'CUSTOM_CHALLENGE',
      sub: user && canAnswerLink(user) ? user.sub : null,
      username: normalizeUsername(username),
      authTime: 0,
    },
    ctx.now(),
  )
  return { ChallengeName: 'CUSTOM_CHALLENGE', Session: session, ChallengeParameters: { USERNAME: username } }
}

/** Confirmed users answer a sign-in link; so do disabled ones, with a code mailed before they were disabled. */
const canAnswerLink = (user: { status: string }) => user.status === 'CONFIRMED' || user.status === 'DISABLED'

export async function respondToAuthChallenge(
  ctx: IdpContext,
  challengeName: string,
  sessionToken: string,
  responses: Params,
  caller: Caller,
): Promise<AuthAnswer> {
  const session = await ctx.sessions.decode(sessionToken, ctx.now())
  if (!session) throw new CognitoError('NotAuthorizedException', messages.invalidSession)
  if (session.challenge !== challengeName)
    throw new CognitoError('InvalidParameterException', `Invalid challenge name ${challengeName}`)
  const username = normalizeUsername(required(responses, 'USERNAME'))
  if (username !== session.username && username !== session.sub)
    throw new CognitoError('NotAuthorizedException', messages.invalidSession)

  if (challengeName === 'CUSTOM_CHALLENGE') {
    const answer = required(responses, 'ANSWER')
    const user = session.sub ? await users.bySub(ctx.db, session.sub) : null
    await consumeCode(ctx, user && canAnswerLink(user) ? user : null, 'signin_link', answer, caller)
    await ctx.throttle.recordSuccess(subject(session.username, caller))
    // Only someone holding the mailed code learns that the account is disabled.
    if (user!.status === 'DISABLED') throw new CognitoError('NotAuthorizedException', messages.disabled)
    return finishSignIn(ctx, user!, ctx.now())
  }

  const user = session.sub ? await users.bySub(ctx.db, session.sub) : null
  if (!user) throw new CognitoError('NotAuthorizedException', messages.invalidSession)
  // The session proves the first factor (password or link), so the reason may be told.
  if (user.status === 'DISABLED') throw new CognitoError('NotAuthorizedException', messages.disabled)

  if (challengeName === 'NEW_PASSWORD_REQUIRED') {
    if (user.status !== 'FORCE_CHANGE_PASSWORD')
      throw new CognitoError('NotAuthorizedException', messages.invalidSession)
    const password = required(responses, 'NEW_PASSWORD')
    const broken = checkPasswordPolicy(password)
    if (broken) throw new CognitoError('InvalidPasswordException', broken.message)
    const list = Object.entries(responses)
      .filter(([name]) => name.startsWith('userAttributes.'))
      .map(([name, value]) => ({ Name: name.slice('userAttributes.'.length), Value: value ?? '' }))
      .filter((entry) => entry.Name !== 'email' && entry.Name !== 'email_verified')
    const { attributes } = parseAttributes(list)
    const updated = await users.update(
      ctx.db,
      user.sub,
      {
        passwordHash: await hashPassword(password),
        status: 'CONFIRMED',
        attributes: mergeAttributes(user.attributes, attributes),
      },
      ctx.now(),
    )
    return finishSignIn(ctx, updated!, ctx.now())
  }

  if (challengeName === 'SOFTWARE_TOKEN_MFA') {
    const who = subject(user.username, caller)
    await ctx.throttle.check(who)
    const step = user.totpSecret
      ? matchTotp(user.totpSecret, required(responses, 'SOFTWARE_TOKEN_MFA_CODE'), ctx.now())
      : null
    if (step === null || (user.totpLastStep !== null && step <= user.totpLastStep)) {
      await ctx.throttle.recordFailure(who)
      throw new CognitoError('CodeMismatchException', 'Invalid code received for user')
    }
    await users.update(ctx.db, user.sub, { totpLastStep: step }, ctx.now())
    await ctx.throttle.recordSuccess(who)
    return {
      ChallengeParameters: {},
      AuthenticationResult: await startSession(ctx, user, new Date(session.authTime * 1000)),
    }
  }

  throw new CognitoError('InvalidParameterException', `Invalid challenge name ${challengeName}`)
}
