/** Error names the Cognito user-pool API answers with (PROTOCOLS.md); the SDK exposes them as `err.code`. */
export type CognitoErrorName =
  | 'NotAuthorizedException'
  | 'UserNotFoundException'
  | 'UserNotConfirmedException'
  | 'UsernameExistsException'
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'InvalidPasswordException'
  | 'InvalidParameterException'
  | 'LimitExceededException'
  | 'TooManyRequestsException'
  | 'PasswordResetRequiredException'
  | 'EnableSoftwareTokenMFAException'
  | 'AliasExistsException'
  | 'ResourceNotFoundException'
  | 'UnsupportedOperationException'
  | 'UnknownOperationException'
  | 'SerializationException'
  | 'InternalErrorException'

/** An answer of the embedded IdP in Cognito's error shape: `{ __type, message }` with status 400. */
export class CognitoError extends Error {
  override name = 'CognitoError'
  constructor(
    readonly type: CognitoErrorName,
    message: string,
    readonly statusCode = 400,
  ) {
    super(message)
  }
}

/** Cognito's own wording, so messages match what the SPA sees from AWS. */
export const messages = {
  badCredentials: 'Incorrect username or password.',
  attemptsExceeded: 'Password attempts exceeded',
  limitExceeded: 'Attempt limit exceeded, please try after some time.',
  notConfirmed: 'User is not confirmed.',
  disabled: 'User is disabled.',
  usernameExists: 'An account with the given email already exists.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  invalidRefreshToken: 'Invalid Refresh Token',
  revokedRefreshToken: 'Refresh Token has been revoked',
  invalidAccessToken: 'Invalid Access Token',
  revokedAccessToken: 'Access Token has been revoked',
  invalidSession: 'Invalid session for the user, session is expired.',
} as const

export const badCredentials = () => new CognitoError('NotAuthorizedException', messages.badCredentials)
