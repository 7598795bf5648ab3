/**
 * What the fetch wrapper needs from the session manager. It lives beside the client because src/api sits
 * below src/auth: the auth module plugs the Cognito session in with `setAuthTransport`; until then every
 * session is signed out.
 */
export type AuthTransport = {
  /**
   * A usable ID token, refreshed first when 300 s or less remain (spec §9 "token fine if more than 300 s
   * remain"), or null when signed out.
   */
  getFreshToken: () => Promise<string | null>
  /** Refresh now whatever the expiry (after a 401); null when the refresh failed. */
  forceRefresh: () => Promise<string | null>
  /** The refresh after a 401 failed: clear stored tokens and tell the user the session expired. */
  onSessionExpired: (message: string) => void
  /** A 403 for a deactivated account: sign out with the notice. */
  onDeactivated: () => void
}

const signedOut: AuthTransport = {
  getFreshToken: () => Promise.resolve(null),
  forceRefresh: () => Promise.resolve(null),
  onSessionExpired: () => {},
  onDeactivated: () => {},
}

let current: AuthTransport = signedOut

export function setAuthTransport(transport: AuthTransport | null) {
  current = transport ?? signedOut
}

export const authTransport = (): AuthTransport => current
