import { lazyEndpoint, meRoute, successSchema, type User } from '@/contract'
import {
  AUTH_FLAG_KEY,
  CACHED_USER_KEY,
  ID_TOKEN_KEY,
  PAGE_SESSION_KEY,
  REFRESH_TOKEN_KEY,
  isAuthStorageKey,
} from '@/lib/storage-keys'
import { forgetDashboardVisit } from '@/lib/dashboard-visit'
import { isWellFormedJwt } from './jwt'

/*
 * What the session keeps in the browser (spec §3 "local browser storage"): the SDK's own
 * `CognitoIdentityServiceProvider.*` keys, plus the ID token, refresh token, authenticated flag and cached user.
 */

const SDK_ID_TOKEN = /^CognitoIdentityServiceProvider\..+\.idToken$/

const keysOf = (storage: Storage) =>
  Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => !!key)

/** A stored ID token that is not three dot-separated parts is corrupt: remove it (ours and the SDK's). */
export function removeCorruptIdTokens(storage: Storage = localStorage): boolean {
  let removed = false
  for (const key of keysOf(storage)) {
    if (key !== ID_TOKEN_KEY && !SDK_ID_TOKEN.test(key)) continue
    if (!isWellFormedJwt(storage.getItem(key))) {
      storage.removeItem(key)
      removed = true
    }
  }
  return removed
}

export function storeTokens(idToken: string, refreshToken: string | null, storage: Storage = localStorage) {
  storage.setItem(ID_TOKEN_KEY, idToken)
  if (refreshToken) storage.setItem(REFRESH_TOKEN_KEY, refreshToken)
}

export const setAuthFlag = (storage: Storage = localStorage) => storage.setItem(AUTH_FLAG_KEY, 'true')
export const hasAuthFlag = (storage: Storage = localStorage) => storage.getItem(AUTH_FLAG_KEY) === 'true'

/** Which ID token (by its expiry) the server holds as the page session, so it is handed over once. */
export const pageSessionShared = (storage: Storage = localStorage) => Number(storage.getItem(PAGE_SESSION_KEY))
export const setPageSessionShared = (expiresAt: number, storage: Storage = localStorage) =>
  storage.setItem(PAGE_SESSION_KEY, String(expiresAt))

export type CachedUser = { user: User; cachedAt: number }

export function writeCachedUser(user: User, now = Date.now(), storage: Storage = localStorage) {
  storage.setItem(CACHED_USER_KEY, JSON.stringify({ user, cachedAt: now } satisfies CachedUser))
}

/**
 * The cached user, when it still matches the contract (an old app version may have written another shape).
 * Asynchronous: the user's schema (`me`'s answer) loads on first use, keeping zod off the first paint.
 */
export async function readCachedUser(storage: Storage = localStorage): Promise<CachedUser | null> {
  try {
    const raw: unknown = JSON.parse(storage.getItem(CACHED_USER_KEY) ?? 'null')
    if (!raw || typeof raw !== 'object') return null
    const { user, cachedAt } = raw as { user?: unknown; cachedAt?: unknown }
    const parsed = successSchema(await lazyEndpoint('me', meRoute).load()).safeParse(user)
    return parsed.success && typeof cachedAt === 'number' ? { user: parsed.data, cachedAt } : null
  } catch {
    return null
  }
}

/** Forgets the tokens (ours and every SDK key) and the flag; the cached user too when asked. */
export function clearStoredSession({ cachedUser }: { cachedUser: boolean }, storage: Storage = localStorage) {
  for (const key of keysOf(storage)) if (isAuthStorageKey(key)) storage.removeItem(key)
  storage.removeItem(ID_TOKEN_KEY)
  storage.removeItem(REFRESH_TOKEN_KEY)
  storage.removeItem(AUTH_FLAG_KEY)
  storage.removeItem(PAGE_SESSION_KEY)
  if (cachedUser) storage.removeItem(CACHED_USER_KEY)
}

/** Sign-out (spec §4): every auth item and the dashboard marker. */
export function clearForSignOut(storage: Storage = localStorage, session: Storage = sessionStorage) {
  clearStoredSession({ cachedUser: true }, storage)
  forgetDashboardVisit(session)
}

/** A notice to show after the full page load that follows a forced sign-out. */
export type SessionNotice = 'sessionExpired' | 'accountDeactivated'
const NOTICE_KEY = 'sessionNotice'

export const rememberNotice = (notice: SessionNotice, session: Storage = sessionStorage) =>
  session.setItem(NOTICE_KEY, notice)

export function takeNotice(session: Storage = sessionStorage): SessionNotice | null {
  const notice = session.getItem(NOTICE_KEY)
  session.removeItem(NOTICE_KEY)
  return notice === 'sessionExpired' || notice === 'accountDeactivated' ? notice : null
}
