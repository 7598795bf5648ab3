// Central list so the auth flow, sign-out cleanup and tests agree on spelling.

/** localStorage: set while a session is believed valid, read before tokens are checked. */
export const AUTH_FLAG_KEY = 'isAuthenticated'
/** localStorage: current ID token. */
export const ID_TOKEN_KEY = 'idToken'
/** localStorage: refresh token used to renew the ID token. */
export const REFRESH_TOKEN_KEY = 'refreshToken'
/** localStorage: `{ user, cachedAt }`, so the shell can render before the user call returns. */
export const CACHED_USER_KEY = 'cachedUser'
/** localStorage: the expiry of the ID token last handed to the server as the page session (its cookie). */
export const PAGE_SESSION_KEY = 'pageSessionExpiresAt'
/** sessionStorage: marks that the dashboard fetch was tried this tab session. */
export const DASHBOARD_MARKER_KEY = 'dashboardFetchAttempted'
/** Session cookie: the same marker for every tab of the browser session (src/lib/dashboard-visit.ts). */
export const DASHBOARD_VISIT_COOKIE = 'dashboardVisit'

const AUTH_PROVIDER_KEY = /cognito|aws/i

/**
 * Keys written by the identity provider's SDK; sign-out removes all of them
 * because the SDK names them per pool and user, so they cannot be listed up front.
 */
export const isAuthStorageKey = (key: string): boolean => AUTH_PROVIDER_KEY.test(key)
/** sessionStorage: the registration URL of the webinar whose banner was dismissed in this browser session. */
export const WEBINAR_DISMISSED_KEY = 'webinarBannerDismissed'
