import type * as Cognito from 'amazon-cognito-identity-js'
import type {
  CognitoUser,
  CognitoUserPool,
  CognitoUserSession,
  IAuthenticationCallback,
} from 'amazon-cognito-identity-js'
import { mayHaveStoredUser, type AuthConfig } from './config'
import { authError, toAuthError, toRefreshError, MFA_SETUP_REQUIRED, NO_SESSION, UNSUPPORTED_CHALLENGE } from './errors'

type Sdk = typeof Cognito

let sdkPromise: Promise<Sdk> | null = null
/** The SDK is loaded on first use, so it stays out of the first paint (STACK-NOTES.md). */
const loadSdk = () => (sdkPromise ??= import('amazon-cognito-identity-js'))

/** Where a sign-in step landed: a session, or a challenge the person must answer. */
export type AuthStep =
  | { kind: 'session'; session: CognitoUserSession }
  | { kind: 'challenge'; name: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA' }

export { sessionTokens } from './session-tokens'

const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** The SDK's callback maps as a promise; challenges we cannot answer in this app become clear errors. */
function stepCallbacks(
  user: CognitoUser,
  resolve: (step: AuthStep) => void,
  reject: (error: unknown) => void,
): IAuthenticationCallback {
  const callbacks: IAuthenticationCallback = {
    onSuccess: (session) => resolve({ kind: 'session', session }),
    onFailure: (error) => reject(toAuthError(error)),
    newPasswordRequired: () => resolve({ kind: 'challenge', name: 'NEW_PASSWORD_REQUIRED' }),
    mfaRequired: () => resolve({ kind: 'challenge', name: 'SMS_MFA' }),
    totpRequired: () => resolve({ kind: 'challenge', name: 'SOFTWARE_TOKEN_MFA' }),
    // Choosing for the person: the authenticator app is the only method this app can finish.
    selectMFAType: () => user.sendMFASelectionAnswer('SOFTWARE_TOKEN_MFA', callbacks),
    mfaSetup: () => reject(authError(MFA_SETUP_REQUIRED, 'MFA setup is required')),
    customChallenge: () => reject(authError(UNSUPPORTED_CHALLENGE, 'Unexpected custom challenge')),
  }
  return callbacks
}

const nodeCallback =
  <T>(resolve: (value: T) => void, reject: (error: unknown) => void) =>
  (error?: unknown, value?: T) =>
    error ? reject(toAuthError(error)) : resolve(value as T)

/**
 * Starts downloading the SDK at once when a stored user will need it: the start-up check that restores the
 * session runs only after the first render, and the SDK is on the way of every signed-in page's data.
 */
export function preloadSdk(clientId: string) {
  if (mayHaveStoredUser(clientId)) void loadSdk().catch(() => {}) // The start-up check reports a failure.
}

/** The SDK client's one-request method (not in its typings; CognitoUser calls it through its pool's client). */
type SdkRequest = (operation: string, params: unknown, callback: (error: unknown, result?: unknown) => void) => void

/** Answers that may well differ a moment later: the SDK's retries are for these. */
const TRANSIENT_CODES = new Set([
  'NetworkError',
  'TooManyRequestsException',
  'ThrottlingException',
  'InternalErrorException',
])

const isRefusal = (error: unknown): error is Error => {
  if (!(error instanceof Error)) return false
  const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown }
  return (
    typeof code === 'string' && !TRANSIENT_CODES.has(code) && !(typeof statusCode === 'number' && statusCode >= 500)
  )
}

/**
 * The SDK retries every failed refresh (and token revocation) with backoff for about 6 s, a refusal too: a
 * stored session revoked elsewhere (a password reset) kept the start-up on "Loading…" for 7.8 s. A refusal
 * (NotAuthorizedException and every other answer naming an error that is not about load) is marked as the
 * SDK's own non-retryable errors are, so it ends at once; a network failure or an overloaded provider is
 * still retried.
 */
function stopRetryingRefusals(userPool: CognitoUserPool) {
  const client = (userPool as unknown as { client?: { request?: SdkRequest } }).client
  const request = client?.request
  if (!client || !request) return
  client.request = (operation, params, callback) =>
    request.call(client, operation, params, (error, result) => {
      if (isRefusal(error)) Object.assign(error, { nonRetryable: true })
      callback(error, result)
    })
}

/** Promise-shaped access to the user pool. One per configuration. */
export function createIdentityClient(config: AuthConfig) {
  let poolPromise: Promise<CognitoUserPool> | null = null
  const pool = () =>
    (poolPromise ??= loadSdk().then((sdk) => {
      const userPool = new sdk.CognitoUserPool({
        UserPoolId: config.userPoolId,
        ClientId: config.clientId,
        endpoint: config.endpoint,
      })
      stopRetryingRefusals(userPool)
      return userPool
    }))

  async function userFor(email: string, flow = 'USER_PASSWORD_AUTH') {
    const [sdk, userPool] = await Promise.all([loadSdk(), pool()])
    const user = new sdk.CognitoUser({ Username: normalizeEmail(email), Pool: userPool })
    user.setAuthenticationFlowType(flow)
    return user
  }

  async function details(email: string, password?: string) {
    const sdk = await loadSdk()
    return new sdk.AuthenticationDetails({ Username: normalizeEmail(email), Password: password })
  }

  return {
    config,

    /** The user whose tokens are stored (LastAuthUser), if any. */
    currentUser: async () => (mayHaveStoredUser(config.clientId) ? (await pool()).getCurrentUser() : null),

    userFor,

    async signIn(email: string, password: string) {
      const user = await userFor(email)
      const authDetails = await details(email, password)
      const step = await new Promise<AuthStep>((resolve, reject) =>
        user.authenticateUser(authDetails, stepCallbacks(user, resolve, reject)),
      )
      return { user, step }
    },

    completeNewPassword: (user: CognitoUser, newPassword: string) =>
      new Promise<AuthStep>((resolve, reject) =>
        user.completeNewPasswordChallenge(newPassword, {}, stepCallbacks(user, resolve, reject)),
      ),

    sendMfaCode: (user: CognitoUser, code: string, method: 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA') =>
      new Promise<AuthStep>((resolve, reject) =>
        user.sendMFACode(code.trim(), stepCallbacks(user, resolve, reject), method),
      ),

    /** The e-mailed link: CUSTOM_AUTH with the username, answered with the link's one-time code. */
    async signInWithLink(email: string, code: string) {
      const user = await userFor(email, 'CUSTOM_AUTH')
      const authDetails = await details(email)
      const step = await new Promise<AuthStep>((resolve, reject) => {
        const callbacks = stepCallbacks(user, resolve, reject)
        user.initiateAuth(authDetails, {
          ...callbacks,
          customChallenge: () => user.sendCustomChallengeAnswer(code.trim(), callbacks),
        })
      })
      return { user, step }
    },

    /** The stored session, refreshed by the SDK when its tokens are already expired. */
    restore: (user: CognitoUser) =>
      new Promise<CognitoUserSession>((resolve, reject) =>
        user.getSession((error: Error | null, session: CognitoUserSession | null) =>
          error || !session ? reject(toRefreshError(error ?? authError(NO_SESSION))) : resolve(session),
        ),
      ),

    /** REFRESH_TOKEN_AUTH. On NotAuthorizedException the SDK itself clears the user's stored tokens. */
    refresh: (user: CognitoUser, session: CognitoUserSession) =>
      new Promise<CognitoUserSession>((resolve, reject) =>
        user.refreshSession(session.getRefreshToken(), (error?: unknown, value?: CognitoUserSession) =>
          error || !value ? reject(toRefreshError(error ?? authError(NO_SESSION))) : resolve(value),
        ),
      ),

    /** Revokes the refresh token when the pool allows it, then forgets the stored tokens. */
    signOut: (user: CognitoUser) => new Promise<void>((resolve) => user.signOut(() => resolve())),

    async signUpConfirm(email: string, code: string) {
      const user = await userFor(email)
      await new Promise((resolve, reject) => user.confirmRegistration(code.trim(), true, nodeCallback(resolve, reject)))
    },

    async resendSignUpCode(email: string) {
      const user = await userFor(email)
      await new Promise((resolve, reject) => user.resendConfirmationCode(nodeCallback(resolve, reject)))
    },

    async forgotPassword(email: string) {
      const user = await userFor(email)
      await new Promise((resolve, reject) =>
        user.forgotPassword({ onSuccess: resolve, onFailure: (error) => reject(toAuthError(error)) }),
      )
    },

    async confirmForgotPassword(email: string, code: string, newPassword: string) {
      const user = await userFor(email)
      await new Promise((resolve, reject) =>
        user.confirmPassword(code.trim(), newPassword, {
          onSuccess: resolve,
          onFailure: (error) => reject(toAuthError(error)),
        }),
      )
    },

    changePassword: (user: CognitoUser, oldPassword: string, newPassword: string) =>
      new Promise((resolve, reject) => user.changePassword(oldPassword, newPassword, nodeCallback(resolve, reject))),

    async updateEmail(user: CognitoUser, email: string) {
      const sdk = await loadSdk()
      const attribute = new sdk.CognitoUserAttribute({ Name: 'email', Value: normalizeEmail(email) })
      await new Promise((resolve, reject) => user.updateAttributes([attribute], nodeCallback(resolve, reject)))
    },

    verifyEmail: (user: CognitoUser, code: string) =>
      new Promise((resolve, reject) =>
        user.verifyAttribute('email', code.trim(), {
          onSuccess: resolve,
          onFailure: (error) => reject(toAuthError(error)),
        }),
      ),
  }
}
export type IdentityClient = ReturnType<typeof createIdentityClient>
