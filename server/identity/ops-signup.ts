import { CognitoError, messages } from './cognito-error'
import { checkPasswordPolicy, hashPassword } from './passwords'
import { isEmail, mergeAttributes } from './attributes'
import {
  codeDelivery,
  consumeCode,
  inTransaction,
  mailLanguage,
  nameOf,
  putCode,
  type Caller,
  type IdpContext,
} from './context'
import { normalizeUsername, refreshTokens, users } from './repository'
import type { IdentityAttributes } from './types'

function assertPolicy(password: string) {
  const broken = checkPasswordPolicy(password)
  if (broken) throw new CognitoError('InvalidPasswordException', broken.message)
}

function requireEmail(username: string): string {
  const email = normalizeUsername(username)
  if (!isEmail(email)) throw new CognitoError('InvalidParameterException', 'Username should be an email.')
  return email
}

export type SignUpParams = { username: string; password: string; attributes: IdentityAttributes }

/** SignUp: an UNCONFIRMED user and a 24-hour code mailed to the address. */
export async function signUp(ctx: IdpContext, params: SignUpParams, caller: Caller) {
  const email = requireEmail(params.username)
  assertPolicy(params.password)
  if (caller.address) await ctx.throttle.countMail({ address: caller.address, account: email })
  const now = ctx.now()
  const passwordHash = await hashPassword(params.password)
  return inTransaction(ctx, async (tx) => {
    const user = await users.insert(tx.db, {
      username: email,
      email,
      emailVerified: false,
      passwordHash,
      status: 'UNCONFIRMED',
      attributes: mergeAttributes({}, params.attributes),
      createdAt: now,
      updatedAt: now,
    })
    if (!user) throw new CognitoError('UsernameExistsException', messages.usernameExists)
    const code = await putCode(tx, user, 'signup')
    await tx.mail.send(
      { to: email, template: 'signupCode', language: mailLanguage(user, caller), data: { code, name: nameOf(user) } },
      { db: tx.db },
    )
    return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: codeDelivery(email) }
  })
}

export async function confirmSignUp(ctx: IdpContext, params: { username: string; code: string }, caller: Caller) {
  const user = await users.byUsername(ctx.db, params.username)
  if (user && user.status !== 'UNCONFIRMED')
    throw new CognitoError('NotAuthorizedException', `User cannot be confirmed. Current status is ${user.status}`)
  await consumeCode(ctx, user, 'signup', params.code, caller)
  await users.update(ctx.db, user!.sub, { status: 'CONFIRMED', emailVerified: true }, ctx.now())
  return {}
}

export async function resendConfirmationCode(ctx: IdpContext, params: { username: string }, caller: Caller) {
  const email = requireEmail(params.username)
  if (caller.address) await ctx.throttle.countMail({ address: caller.address, account: email })
  const user = await users.byUsername(ctx.db, email)
  if (user && user.status !== 'UNCONFIRMED')
    throw new CognitoError('InvalidParameterException', 'User is already confirmed.')
  // An unknown address gets the same answer, and no mail.
  if (user) {
    const code = await putCode(ctx, user, 'signup')
    await ctx.mail.send(
      {
        to: user.email,
        template: 'signupCode',
        language: mailLanguage(user, caller),
        data: { code, name: nameOf(user) },
      },
      { db: ctx.db },
    )
  }
  return { CodeDeliveryDetails: codeDelivery(email) }
}

/** ForgotPassword: a 1-hour code and a reset link, mailed only to a confirmed address. */
export async function forgotPassword(ctx: IdpContext, params: { username: string }, caller: Caller) {
  const email = requireEmail(params.username)
  if (caller.address) await ctx.throttle.countMail({ address: caller.address, account: email })
  const user = await users.byUsername(ctx.db, email)
  // Unknown, unconfirmed and disabled users get the same answer and no mail (no account enumeration).
  if (user && (user.status === 'CONFIRMED' || user.status === 'FORCE_CHANGE_PASSWORD')) {
    const code = await putCode(ctx, user, 'forgot_password')
    const link = `${ctx.publicUrl}/reset-password?${new URLSearchParams({ email: user.email, code })}`
    await ctx.mail.send(
      {
        to: user.email,
        template: 'passwordReset',
        language: mailLanguage(user, caller),
        data: { code, link, name: nameOf(user) },
      },
      { db: ctx.db },
    )
  }
  return { CodeDeliveryDetails: codeDelivery(email) }
}

/** Sets the new password and ends every session: whoever knew the old one is signed out. */
export async function confirmForgotPassword(
  ctx: IdpContext,
  params: { username: string; code: string; password: string },
  caller: Caller,
) {
  assertPolicy(params.password)
  const user = await users.byUsername(ctx.db, params.username)
  const usable = user && (user.status === 'CONFIRMED' || user.status === 'FORCE_CHANGE_PASSWORD') ? user : null
  await consumeCode(ctx, usable, 'forgot_password', params.code, caller)
  const now = ctx.now()
  const passwordHash = await hashPassword(params.password)
  await inTransaction(ctx, async (tx) => {
    await users.update(tx.db, usable!.sub, { passwordHash, status: 'CONFIRMED', emailVerified: true }, now)
    await refreshTokens.revokeAll(tx.db, usable!.sub, now)
  })
  if (caller.address) await ctx.throttle.recordSuccess({ account: usable!.username, address: caller.address })
  return {}
}

/** Server-side creation (demo seed, tests): confirmed at once; `temporary` forces a new password first. */
export async function adminCreateUser(
  ctx: IdpContext,
  params: SignUpParams & { temporary?: boolean; groups?: string[] },
) {
  const email = requireEmail(params.username)
  if (!params.temporary) assertPolicy(params.password)
  const now = ctx.now()
  const user = await users.insert(ctx.db, {
    username: email,
    email,
    emailVerified: true,
    passwordHash: await hashPassword(params.password),
    status: params.temporary ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED',
    attributes: mergeAttributes({}, params.attributes),
    groups: params.groups ?? [],
    createdAt: now,
    updatedAt: now,
  })
  if (!user) throw new CognitoError('UsernameExistsException', messages.usernameExists)
  return user
}

/**
 * Mails `<PUBLIC_URL>/auth?signin=<code>&email=<email>` to a confirmed user; nothing for anyone else. Counted
 * against the account's mail cap (as ForgotPassword is) whether or not the account exists, so no caller,
 * from however many addresses, floods one inbox; past the cap it quietly sends nothing.
 */
export async function sendSigninLink(ctx: IdpContext, email: string, caller: Caller) {
  try {
    await ctx.throttle.countMail({ account: email, address: caller.address ?? 'internal' })
  } catch (error) {
    if (error instanceof CognitoError && error.type === 'LimitExceededException') {
      ctx.log.info('sign-in link not sent: the account reached its mail limit')
      return
    }
    throw error
  }
  const user = await users.byUsername(ctx.db, email)
  if (!user || user.status !== 'CONFIRMED') return
  const code = await putCode(ctx, user, 'signin_link')
  const link = `${ctx.publicUrl}/auth?${new URLSearchParams({ signin: code, email: user.email })}`
  await ctx.mail.send(
    { to: user.email, template: 'signinLink', language: caller.language, data: { link, name: nameOf(user) } },
    { db: ctx.db },
  )
}
