import type { TFunction } from 'i18next'
import type { AuthError } from './types'

/** Our own codes, beside Cognito's error names. */
export const NOT_CONFIGURED = 'NotConfigured'
export const ACCOUNT_DEACTIVATED = 'AccountDeactivated'
export const MFA_SETUP_REQUIRED = 'MfaSetupRequired'
export const UNSUPPORTED_CHALLENGE = 'UnsupportedChallenge'
export const SERVER_CHECK_FAILED = 'ServerCheckFailed'
export const NO_SESSION = 'NoSession'

/** The spec's English texts for our own codes (§8); people see the translated ones. */
const defaultMessages: Record<string, string> = {
  [NOT_CONFIGURED]: 'AWS Cognito is not properly configured',
  [ACCOUNT_DEACTIVATED]: 'Account Deactivated: contact support',
  [NO_SESSION]: 'User is not authenticated',
}

export function authError(code: string, message?: string): AuthError {
  return { code, message: message ?? defaultMessages[code] ?? code }
}

/** Turns whatever the SDK or a call threw into `{ code, message }` with the Cognito error name as code. */
export function toAuthError(error: unknown): AuthError {
  if (isAuthError(error)) return { code: error.code, message: error.message }
  if (error instanceof Error) {
    const named = error as Error & { code?: unknown }
    const code = typeof named.code === 'string' && named.code ? named.code : error.name
    if (error.message === 'Network error') return { code: 'NetworkError', message: error.message }
    if (error.message === 'User is not authenticated' || error.message.startsWith('Local storage is missing'))
      return { code: NO_SESSION, message: error.message }
    return { code: code && code !== 'Error' ? code : 'UnknownError', message: error.message }
  }
  return { code: 'UnknownError', message: String(error) }
}

/**
 * What the SDK reports for a refresh or restore. When the identity provider's answer cannot be read (its body
 * cut off because the page is being left, or empty), the SDK takes it for a success without tokens and then
 * fails on it with a TypeError of its own: nothing was learnt about the session, so it is a network failure.
 */
export function toRefreshError(error: unknown): AuthError {
  if (error instanceof TypeError)
    return { code: 'NetworkError', message: `Unreadable identity answer: ${error.message}` }
  return toAuthError(error)
}

/**
 * Offline, or the page unloading mid-request: the identity provider never answered, so nothing is known
 * about the session. Such failures never end a session nor clear its stored tokens.
 */
export const isTransientAuthError = ({ code }: AuthError) => code === 'NetworkError' || code === 'AbortError'

export const isAuthError = (value: unknown): value is AuthError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AuthError).code === 'string' &&
  typeof (value as AuthError).message === 'string' &&
  !(value instanceof Error)

/**
 * Cognito answers several failures with NotAuthorizedException and tells them apart only by the message
 * (Cognito's own texts, which the embedded IdP reproduces).
 */
function notAuthorizedKey(message: string): string {
  const text = message.toLowerCase()
  if (text.includes('attempts exceeded')) return 'tooManyAttempts'
  // "User is disabled.": Cognito's word for an account an admin deactivated, told as the API's 403 is.
  if (text.includes('disabled')) return 'accountDeactivated'
  if (text.includes('refresh token') || text.includes('session is expired') || text.includes('invalid session'))
    return 'sessionExpired'
  if (text.includes('cannot reset password') || text.includes('unverified')) return 'cannotReset'
  return 'incorrectCredentials'
}

const keysByCode: Record<string, string> = {
  UserNotFoundException: 'incorrectCredentials',
  UserNotConfirmedException: 'userNotConfirmed',
  UsernameExistsException: 'usernameExists',
  AliasExistsException: 'emailInUse',
  CodeMismatchException: 'codeMismatch',
  ExpiredCodeException: 'expiredCode',
  InvalidPasswordException: 'invalidPassword',
  InvalidParameterException: 'invalidParameter',
  LimitExceededException: 'limitExceeded',
  TooManyRequestsException: 'limitExceeded',
  TooManyFailedAttemptsException: 'tooManyAttempts',
  PasswordResetRequiredException: 'passwordResetRequired',
  CodeDeliveryFailureException: 'codeDelivery',
  NetworkError: 'network',
  [NOT_CONFIGURED]: 'notConfigured',
  [ACCOUNT_DEACTIVATED]: 'accountDeactivated',
  [MFA_SETUP_REQUIRED]: 'mfaSetupRequired',
  [UNSUPPORTED_CHALLENGE]: 'unsupportedChallenge',
  [SERVER_CHECK_FAILED]: 'serverCheckFailed',
  [NO_SESSION]: 'noSession',
}

/** The identity provider, or the server, refused the person because their account is deactivated. */
export const isAccountDeactivated = (error: AuthError) => authErrorKey(error) === 'accountDeactivated'

/** The auth-namespace key for an identity error. */
export function authErrorKey(error: AuthError): string {
  if (error.code === 'NotAuthorizedException') return notAuthorizedKey(error.message)
  return keysByCode[error.code] ?? 'generic'
}

/**
 * The translated, human message for an identity error: one place for every screen (sign-in, sign-up,
 * profile). Pass the result of a rejected `@/auth` call, or a `{ type: 'error' }` sign-in result.
 */
export function authErrorMessage(t: TFunction, error: unknown): string {
  return t(`auth:errors.${authErrorKey(toAuthError(error))}`)
}
