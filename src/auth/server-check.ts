import type { QueryClient } from '@tanstack/react-query'
import i18n from 'i18next'
import { ACCOUNT_DEACTIVATED_CODE } from '@/api/client'
import { isApiError } from '@/api/errors'
import { keyFor, queryFor } from '@/api/queries'
import { shouldRetryQuery } from '@/api/query-client'
import { lazyEndpoint, meRoute, type User } from '@/contract'
import { authError, ACCOUNT_DEACTIVATED, SERVER_CHECK_FAILED } from './errors'
import { readCachedUser } from './storage'
import type { AuthError } from './types'
import { userFromIdToken } from './user-from-token'

/** Spec §7: the user call retries once, and never on 401/403. */
export const retryMeOnce = (failureCount: number, error: unknown) =>
  failureCount < 1 && shouldRetryQuery(failureCount, error)

/** `GET /api/auth/me`, its schema loaded beside the first call (start-up code stays free of zod). */
export const meEndpoint = lazyEndpoint('me', meRoute)

/** The user, fresh from the server (stale time 0), into the cache under `keyFor(meEndpoint)`. */
export const fetchUser = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...queryFor(meEndpoint), staleTime: 0, retry: retryMeOnce })

/**
 * What stands in for the server's answer when it cannot give one: `cachedUser` (startup with the stored
 * flag) tries the cached user first; both then fall back to the ID token's claims; `none` keeps the error.
 */
export type ServerCheckFallback = 'cachedUser' | 'token' | 'none'

/**
 * The server confirms the token (spec §4). An account problem (deactivated, token refused) is an error
 * whatever the fallback; the server being unreachable is not, when a stand-in user is allowed (§4, §6).
 */
export async function confirmWithServer(
  queryClient: QueryClient,
  idToken: string | null,
  fallback: ServerCheckFallback,
): Promise<{ user: User } | { error: AuthError }> {
  try {
    return { user: await fetchUser(queryClient) }
  } catch (error) {
    if (isApiError(error) && error.status === 403 && error.code === ACCOUNT_DEACTIVATED_CODE) {
      return { error: authError(ACCOUNT_DEACTIVATED) }
    }
    if (isApiError(error) && error.status === 401) return { error: authError('NotAuthorizedException', error.message) }
    const language = i18n.resolvedLanguage === 'es' ? 'es' : 'en'
    const standIn =
      fallback === 'none' || !idToken
        ? null
        : ((fallback === 'cachedUser' ? (await readCachedUser())?.user : null) ?? userFromIdToken(idToken, language))
    if (!standIn)
      return { error: authError(SERVER_CHECK_FAILED, error instanceof Error ? error.message : String(error)) }
    queryClient.setQueryData(keyFor(meEndpoint), standIn)
    return { user: standIn }
  }
}
