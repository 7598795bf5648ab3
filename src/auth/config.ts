/** Where the identity provider lives: AWS Cognito, or the embedded Cognito-compatible one by default. */
export type AuthConfig = {
  userPoolId: string
  clientId: string
  /** Replaces `https://cognito-idp.<region>.amazonaws.com/`; undefined means AWS itself. */
  endpoint: string | undefined
}

export const EMBEDDED_USER_POOL_ID = 'local_keyway'
export const EMBEDDED_CLIENT_ID = 'keywaywebclient'

/** Spec §5: region, underscore, alphanumeric id, at most 55 characters (the SDK's own check). */
export const isValidUserPoolId = (value: string) => value.length <= 55 && /^[\w-]+_[0-9a-zA-Z]+$/.test(value)

type AuthEnv = {
  VITE_COGNITO_USER_POOL_ID?: string
  VITE_COGNITO_CLIENT_ID?: string
  VITE_COGNITO_ENDPOINT?: string
}

/**
 * Unset variables mean the embedded IdP on this origin; a variable set but empty (or a malformed pool id)
 * means auth is unconfigured (null): people stay signed out and sign-in says so.
 */
export function readAuthConfig(env: AuthEnv, origin: string): AuthConfig | null {
  const poolId = env.VITE_COGNITO_USER_POOL_ID
  const clientId = env.VITE_COGNITO_CLIENT_ID
  const endpoint = env.VITE_COGNITO_ENDPOINT?.trim()
  if (poolId === undefined && clientId === undefined) {
    return {
      userPoolId: EMBEDDED_USER_POOL_ID,
      clientId: EMBEDDED_CLIENT_ID,
      endpoint: endpoint || `${origin}/cognito-idp/`,
    }
  }
  const userPoolId = poolId?.trim() ?? ''
  const client = clientId?.trim() ?? ''
  if (!userPoolId || !client || !isValidUserPoolId(userPoolId)) return null
  return { userPoolId, clientId: client, endpoint: endpoint || undefined }
}

let current: AuthConfig | null | undefined

/** The build's configuration (memoized); tests may replace it with `setAuthConfig`. */
export function authConfig(): AuthConfig | null {
  if (current === undefined) current = readAuthConfig(import.meta.env, window.location.origin)
  return current
}

export function setAuthConfig(config: AuthConfig | null | undefined) {
  current = config
}

/** False when the build has no usable pool or client id: sign-in cannot work (spec §4). */
export const isAuthConfigured = () => authConfig() !== null

/**
 * Whether the SDK may have a user stored: its own key (`CognitoIdentityServiceProvider.<client>.LastAuthUser`
 * in localStorage, where a pool without a custom storage keeps it). Without it there is nobody to restore,
 * so a first-time visitor's page never downloads the SDK just to learn that. Unreadable storage: ask the SDK.
 */
export function mayHaveStoredUser(clientId: string): boolean {
  try {
    return window.localStorage.getItem(`CognitoIdentityServiceProvider.${clientId}.LastAuthUser`) !== null
  } catch {
    return true
  }
}
