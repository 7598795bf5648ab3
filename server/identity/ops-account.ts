import { CognitoError, badCredentials } from './cognito-error'
import { attributeList, mergeAttributes, parseAttributes, type AttributeList } from './attributes'
import {
  codeDelivery,
  consumeCode,
  mailLanguage,
  nameOf,
  putCode,
  userFromAccessToken,
  type Caller,
  type IdpContext,
} from './context'
import { checkPasswordPolicy, hashPassword, verifyPassword } from './passwords'
import { refreshTokens, users, type IdentityUserRow } from './repository'
import { generateTotpSecret, matchTotp } from './totp'

const who = (user: IdentityUserRow, caller: Caller) => ({
  account: user.username,
  address: caller.address ?? 'internal',
})

export async function changePassword(
  ctx: IdpContext,
  params: { accessToken: string; previous: string; proposed: string },
  caller: Caller,
) {
  const user = await userFromAccessToken(ctx, params.accessToken)
  await ctx.throttle.check(who(user, caller))
  if (!(await verifyPassword(params.previous, user.passwordHash))) {
    await ctx.throttle.recordFailure(who(user, caller))
    throw badCredentials()
  }
  const broken = checkPasswordPolicy(params.proposed)
  if (broken) throw new CognitoError('InvalidPasswordException', broken.message)
  await users.update(ctx.db, user.sub, { passwordHash: await hashPassword(params.proposed) }, ctx.now())
  await ctx.throttle.recordSuccess(who(user, caller))
  return {}
}

export async function getUser(ctx: IdpContext, accessToken: string) {
  const user = await userFromAccessToken(ctx, accessToken)
  return {
    Username: user.sub,
    UserAttributes: attributeList(user),
    MFAOptions: [],
    ...(user.mfaEnabled && {
      PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
    }),
  }
}

/**
 * Names and phone change at once. A new e-mail waits for its code (mailed to the new address) and
 * the current one keeps signing in until then: Cognito's "keep original attribute value active".
 */
export async function updateUserAttributes(
  ctx: IdpContext,
  params: { accessToken: string; attributes: AttributeList },
  caller: Caller,
) {
  const user = await userFromAccessToken(ctx, params.accessToken)
  const { email, attributes } = parseAttributes(params.attributes)
  const isEmailChange = email !== undefined && email !== user.email
  // Refuse before writing anything, so a taken address leaves the names unchanged too.
  if (isEmailChange && (await users.byUsername(ctx.db, email)))
    throw new CognitoError('AliasExistsException', 'An account with the given email already exists.')
  if (isEmailChange && caller.address) await ctx.throttle.countMail({ address: caller.address, account: email })
  const updated = await users.update(
    ctx.db,
    user.sub,
    { attributes: mergeAttributes(user.attributes, attributes), ...(isEmailChange && { pendingEmail: email }) },
    ctx.now(),
  )
  if (!isEmailChange) return {}
  await mailEmailCode(ctx, updated!, email, caller)
  return { CodeDeliveryDetailsList: [codeDelivery(email)] }
}

async function mailEmailCode(ctx: IdpContext, user: IdentityUserRow, to: string, caller: Caller) {
  const code = await putCode(ctx, user, 'verify_email', to)
  await ctx.mail.send(
    { to, template: 'emailChangeCode', language: mailLanguage(user, caller), data: { code, name: nameOf(user) } },
    { db: ctx.db },
  )
}

export async function getUserAttributeVerificationCode(
  ctx: IdpContext,
  params: { accessToken: string; attributeName: string },
  caller: Caller,
) {
  const user = await userFromAccessToken(ctx, params.accessToken)
  if (params.attributeName !== 'email')
    throw new CognitoError('InvalidParameterException', 'Only the email attribute can be verified.')
  const target = user.pendingEmail ?? (user.emailVerified ? null : user.email)
  if (!target) throw new CognitoError('InvalidParameterException', 'Email is already verified.')
  if (caller.address) await ctx.throttle.countMail({ address: caller.address, account: target })
  await mailEmailCode(ctx, user, target, caller)
  return { CodeDeliveryDetails: codeDelivery(target) }
}

export async function verifyUserAttribute(
  ctx: IdpContext,
  params: { accessToken: string; attributeName: string; code: string },
  caller: Caller,
) {
  const user = await userFromAccessToken(ctx, params.accessToken)
  if (params.attributeName !== 'email')
    throw new CognitoError('InvalidParameterException', 'Only the email attribute can be verified.')
  const target = (await consumeCode(ctx, user, 'verify_email', params.code, caller)) ?? user.email
  if (target !== user.email) {
    const taken = await users.byUsername(ctx.db, target)
    if (taken) throw new CognitoError('AliasExistsException', 'An account with the given email already exists.')
  }
  await users.update(
    ctx.db,
    user.sub,
    { username: target, email: target, emailVerified: true, pendingEmail: null },
    ctx.now(),
  )
  return {}
}

export async function globalSignOut(ctx: IdpContext, accessToken: string) {
  const user = await userFromAccessToken(ctx, accessToken)
  await refreshTokens.revokeAll(ctx.db, user.sub, ctx.now())
  return {}
}

/** Revokes one refresh token and so the ID and access tokens minted from it. Unknown tokens are a no-op. */
export async function revokeToken(ctx: IdpContext, token: string) {
  const row = await refreshTokens.byHash(ctx.db, ctx.hasher.hash('refresh', token))
  if (row && row.clientId === ctx.clientId) await refreshTokens.revoke(ctx.db, row.jti, ctx.now())
  return {}
}

export async function associateSoftwareToken(ctx: IdpContext, accessToken: string) {
  const user = await userFromAccessToken(ctx, accessToken)
  const secret = generateTotpSecret()
  await users.update(ctx.db, user.sub, { totpPendingSecret: secret }, ctx.now())
  return { SecretCode: secret }
}

export async function verifySoftwareToken(
  ctx: IdpContext,
  params: { accessToken: string; code: string },
  caller: Caller,
) {
  const user = await userFromAccessToken(ctx, params.accessToken)
  await ctx.throttle.check(who(user, caller))
  const step = user.totpPendingSecret ? matchTotp(user.totpPendingSecret, params.code, ctx.now()) : null
  if (step === null) {
    await ctx.throttle.recordFailure(who(user, caller))
    throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch')
  }
  await users.update(
    ctx.db,
    user.sub,
    { totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpLastStep: step },
    ctx.now(),
  )
  return { Status: 'SUCCESS' }
}

export async function setUserMfaPreference(
  ctx: IdpContext,
  params: { accessToken: string; totpEnabled?: boolean | undefined; smsEnabled?: boolean | undefined },
) {
  const user = await userFromAccessToken(ctx, params.accessToken)
  if (params.smsEnabled)
    throw new CognitoError('InvalidParameterException', 'SMS multi-factor authentication is not available.')
  if (params.totpEnabled === undefined) return {}
  if (params.totpEnabled && !user.totpSecret)
    throw new CognitoError('InvalidParameterException', 'User has not verified software token mfa')
  // Turning TOTP off forgets the secret, so turning it on again needs a fresh enrolment.
  const patch = params.totpEnabled ? { mfaEnabled: true } : { mfaEnabled: false, totpSecret: null, totpLastStep: null }
  await users.update(ctx.db, user.sub, patch, ctx.now())
  return {}
}
