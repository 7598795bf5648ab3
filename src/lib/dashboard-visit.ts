import { DASHBOARD_MARKER_KEY, DASHBOARD_VISIT_COOKIE } from './storage-keys'

/*
 * The dashboard's visit (spec §3's fetch attempt marker): the first dashboard fetch of a browser session
 * starts a visit on the server, every later one reads the news from the same point. Session storage is one
 * tab's, so the marker is also kept in a session cookie (no expiry: it ends when the browser session does),
 * which every tab of the browser shares: a tab opened later (a link from a mail) joins the visit under way
 * instead of starting one that would leave every tab with "Nothing new". The value is the member's id, so
 * another member signing in on the same browser starts their own.
 */

const cookieValue = (): string | null => {
  try {
    for (const part of document.cookie.split(';')) {
      const [name, ...value] = part.trim().split('=')
      if (name === DASHBOARD_VISIT_COOKIE) return decodeURIComponent(value.join('='))
    }
  } catch {
    // Cookies refused: session storage alone decides.
  }
  return null
}

const writeCookie = (value: string, extra: string) => {
  const secure = location.protocol === 'https:' ? '; secure' : ''
  document.cookie = `${DASHBOARD_VISIT_COOKIE}=${encodeURIComponent(value)}; path=/; samesite=lax${extra}${secure}`
}

/** Whether this browser session has started `userId`'s dashboard visit (in this tab or another). */
export function dashboardVisitStarted(userId: string): boolean {
  let inTab = false
  try {
    inTab = sessionStorage.getItem(DASHBOARD_MARKER_KEY) === userId
  } catch {
    // Refused storage: the cookie alone decides.
  }
  return inTab || cookieValue() === userId
}

/** Marks `userId`'s visit as started for this browser session (before the call that starts it). */
export function markDashboardVisit(userId: string) {
  try {
    sessionStorage.setItem(DASHBOARD_MARKER_KEY, userId)
  } catch {
    // Refused storage: the cookie still holds it.
  }
  writeCookie(userId, '')
}

/** Sign-out (spec §4): the next sign-in starts a new visit, in every tab. */
export function forgetDashboardVisit(session: Storage = sessionStorage) {
  session.removeItem(DASHBOARD_MARKER_KEY)
  writeCookie('', '; max-age=0')
}
