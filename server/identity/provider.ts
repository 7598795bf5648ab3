import { AppError } from '../http/errors'
import { loadServerI18n, type ServerLanguage } from '../http/i18n'
import { normalizePhone } from './attributes'
import { CognitoError } from './cognito-error'
import { maskEmail } from './codes'
import type { Caller, IdpContext } from './context'
import * as signup from './ops-signup'
import { checkPasswordPolicy } from './passwords'
import { refreshTokens, users, type IdentityUserRow } from './repository'
import type { IdentityAttributes, IdentityProvider, IdentityUser, WriteOptions } from './types'

export function toIdentityUser(row: IdentityUserRow): IdentityUser {
  return {
    sub: row.sub,
    email: row.email,
    emailVerified: row.emailVerified,
    status: row.status,
    attributes: row.attributes,
    groups: row.groups,
    mfaEnabled: row.mfaEnabled,
    createdAt: row.createdAt,
  }
}

function cleanAttributes(attributes: IdentityAttributes): IdentityAttributes {
  const clean: IdentityAttributes = {}
  for (const [name, value] of Object.entries(attributes) as [keyof IdentityAttributes, string | undefined][]) {
    if (value) clean[name] = name === 'phone_number' ? normalizePhone(value) : value.trim()
  }
  return clean
}

/**
 * Turns the IdP's Cognito errors into the API's error shape for server-side callers, with field
 * messages in the given language (the caller's request language).
 */
export async function toAppError(error: unknown, language: ServerLanguage, password?: string): Promise<unknown> {
  if (!(error instanceof CognitoError)) return error
  const t = (await loadServerI18n()).getFixedT(language)
  switch (error.type) {
    case 'UsernameExistsException':
      return new AppError(409, 'username_exists', 'usernameExists', { fields: { email: t('errors:usernameExists') } })
    case 'InvalidPasswordException': {
      const rule = password === undefined ? null : checkPasswordPolicy(password)?.rule
      return new AppError(400, 'invalid_password', 'invalidPassword', {
        fields: { password: t(rule ? `validation:${rule}` : 'errors:invalidPassword') },
      })
    }
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return new AppError(429, 'rate_limited', 'rateLimited')
    case 'InvalidParameterException':
      return new AppError(400, 'invalid_input', 'invalidInput', {}, { cause: error })
    default:
      return error
  }
}

/** `app.idp` over the embedded IdP; `options.db` joins a caller's transaction. */
export function createEmbeddedProvider(ctx: IdpContext): IdentityProvider {
  const using = (options?: WriteOptions): IdpContext => (options?.db ? { ...ctx, db: options.db } : ctx)
  const internal = (language: ServerLanguage): Caller => ({ address: null, language })

  return {
    mode: 'embedded',
    async signUp(input, options) {
      try {
        const answer = await signup.signUp(
          using(options),
          { username: input.email, password: input.password, attributes: cleanAttributes(input.attributes) },
          internal(input.language),
        )
        return { sub: answer.UserSub, userConfirmed: answer.UserConfirmed, codeDestination: maskEmail(input.email) }
      } catch (error) {
        throw await toAppError(error, input.language, input.password)
      }
    },
    async adminCreateUser(input, options) {
      try {
        const row = await signup.adminCreateUser(using(options), {
          username: input.email,
          password: input.password,
          attributes: cleanAttributes(input.attributes),
          temporary: input.temporary ?? false,
          groups: input.groups ?? [],
        })
        return { sub: row.sub }
      } catch (error) {
        throw await toAppError(error, 'en', input.password)
      }
    },
    async sendSigninLink(email, language) {
      await signup.sendSigninLink(ctx, email, internal(language))
    },
    async setGroups(sub, groups, options) {
      const { db } = using(options)
      // An account without an identity (the demo marketplace's members never sign in) has no groups to mirror.
      if (!(await users.bySub(db, sub))) return
      await users.update(db, sub, { groups: [...new Set(groups)] }, ctx.now())
    },
    async globalSignOut(sub, options) {
      await refreshTokens.revokeAll(using(options).db, sub, ctx.now())
    },
    async findBySub(sub) {
      const row = await users.bySub(ctx.db, sub)
      return row && toIdentityUser(row)
    },
    async findByEmail(email) {
      const row = await users.byUsername(ctx.db, email)
      return row && toIdentityUser(row)
    },
    async disable(sub, options) {
      const { db } = using(options)
      // An account without an identity (the demo marketplace's members never sign in) has no sign-in to refuse.
      if (!(await users.bySub(db, sub))) return
      // Sessions are refused by the status (sign-in, refresh, access-token calls), not revoked: a revoked
      // session would make the API answer 401 (sign in again) instead of 403 account_deactivated (why not).
      await users.update(db, sub, { status: 'DISABLED' }, ctx.now())
    },
    async enable(sub, options) {
      const { db } = using(options)
      const row = await users.bySub(db, sub)
      if (row?.status === 'DISABLED')
        await users.update(db, sub, { status: row.emailVerified ? 'CONFIRMED' : 'UNCONFIRMED' }, ctx.now())
    },
  }
}
