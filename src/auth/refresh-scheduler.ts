import { isTransientAuthError } from './errors'
import type { AuthEvents } from './events'
import type { AuthError } from './types'

/** Spec §9: refresh 5 minutes before expiry, never sooner than 30 s from now; a token is fine above 300 s. */
export const REFRESH_BUFFER_MS = 5 * 60 * 1000
export const MIN_REFRESH_DELAY_MS = 30 * 1000
/** Spec §9: identity retry backoff capped at 5 s. */
export const MAX_RETRY_DELAY_MS = 5 * 1000

/** How long to wait before refreshing a token that expires at `expiresAt` (epoch ms). */
export const refreshDelay = (expiresAt: number, now: number) =>
  Math.max(expiresAt - REFRESH_BUFFER_MS - now, MIN_REFRESH_DELAY_MS)

/** True when the token has 300 s or less left: refresh before using it. */
export const needsRefresh = (expiresAt: number, now: number) => expiresAt - now <= REFRESH_BUFFER_MS

export type FreshTokens = { idToken: string; refreshToken: string | null; expiresAt: number }

export type RefreshSchedulerDeps = {
  /** REFRESH_TOKEN_AUTH; rejects with `{ code, message }` (NotAuthorizedException for a dead refresh token). */
  refresh: () => Promise<FreshTokens>
  /** Keeps the new tokens. */
  store: (tokens: FreshTokens) => void
  /** Ends the session locally; the cached user too when the refresh token itself is dead. `failure` says why. */
  clearAuthState: (options: { clearCachedUser: boolean }, failure: AuthError) => void
  events: Pick<AuthEvents, 'emit'>
  now?: () => number
}

/**
 * Keeps the ID token fresh: one timer, one refresh in flight at a time. Pure apart from the timers it sets,
 * so tests drive it with fake timers.
 */
export function createRefreshScheduler(deps: RefreshSchedulerDeps) {
  const now = deps.now ?? (() => Date.now())
  let timer: ReturnType<typeof setTimeout> | null = null
  let expiresAt: number | null = null
  let inFlight: Promise<string | null> | null = null
  let networkFailures = 0

  function stop() {
    if (timer) clearTimeout(timer)
    timer = null
    expiresAt = null
  }

  function schedule(nextExpiry: number) {
    if (timer) clearTimeout(timer)
    expiresAt = nextExpiry
    timer = setTimeout(
      () => {
        timer = null
        void refreshNow()
      },
      refreshDelay(nextExpiry, now()),
    )
  }

  async function run(): Promise<string | null> {
    try {
      const tokens = await deps.refresh()
      networkFailures = 0
      deps.store(tokens)
      schedule(tokens.expiresAt)
      deps.events.emit('tokenRefreshed', { idToken: tokens.idToken, expiresAt: tokens.expiresAt })
      return tokens.idToken
    } catch (error) {
      const { code, message } = error as AuthError
      if (isTransientAuthError(error as AuthError)) {
        // The session is not over: keep the stored tokens and try again with backoff; only the identity
        // provider refusing the refresh token ends a session.
        networkFailures += 1
        if (timer) clearTimeout(timer)
        timer = setTimeout(
          () => {
            timer = null
            void refreshNow()
          },
          Math.min(1000 * 2 ** (networkFailures - 1), MAX_RETRY_DELAY_MS),
        )
        return null
      }
      stop()
      const refreshTokenDead = code === 'NotAuthorizedException'
      deps.clearAuthState({ clearCachedUser: refreshTokenDead }, { code, message })
      deps.events.emit(refreshTokenDead ? 'refreshTokenExpired' : 'tokenExpired', { reason: message ?? String(error) })
      return null
    }
  }

  /** Refreshes now (joining a refresh already running); the new ID token, or null when the session ended. */
  function refreshNow(): Promise<string | null> {
    inFlight ??= run().finally(() => {
      inFlight = null
    })
    return inFlight
  }

  return {
    /** Starts (or restarts) the timer for a token expiring at `expiresAt`. */
    start: schedule,
    stop,
    refreshNow,
    /** The page became visible again: timers may have slept, so refresh now if the token is near expiry. */
    checkNow(): Promise<string | null> | null {
      if (expiresAt === null) return null
      if (needsRefresh(expiresAt, now())) return refreshNow()
      schedule(expiresAt)
      return null
    },
    get expiresAt() {
      return expiresAt
    },
  }
}
export type RefreshScheduler = ReturnType<typeof createRefreshScheduler>
