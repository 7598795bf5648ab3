import { createAuthEvents, type AuthEventName } from './events'
import {
  createRefreshScheduler,
  needsRefresh,
  refreshDelay,
  MIN_REFRESH_DELAY_MS,
  REFRESH_BUFFER_MS,
  type FreshTokens,
} from './refresh-scheduler'

const MINUTE = 60_000

function harness(refresh: () => Promise<FreshTokens>) {
  const events = createAuthEvents()
  const heard: [AuthEventName, unknown][] = []
  events.on('tokenRefreshed', (payload) => heard.push(['tokenRefreshed', payload]))
  events.on('tokenExpired', (payload) => heard.push(['tokenExpired', payload]))
  events.on('refreshTokenExpired', (payload) => heard.push(['refreshTokenExpired', payload]))
  const stored: FreshTokens[] = []
  const cleared: { clearCachedUser: boolean }[] = []
  const refreshSpy = vi.fn(refresh)
  const scheduler = createRefreshScheduler({
    refresh: refreshSpy,
    store: (tokens) => stored.push(tokens),
    clearAuthState: (options) => cleared.push(options),
    events,
  })
  return { scheduler, heard, stored, cleared, refresh: refreshSpy }
}

const tokensExpiringIn = (ms: number, id = 'new'): FreshTokens => ({
  idToken: id,
  refreshToken: null,
  expiresAt: Date.now() + ms,
})

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-11-21T10:00:00Z'))
})
afterEach(() => vi.useRealTimers())

describe('refreshDelay', () => {
  it('is 5 minutes before expiry', () => {
    expect(refreshDelay(60 * MINUTE, 0)).toBe(55 * MINUTE)
  })

  it('is never sooner than 30 seconds from now', () => {
    expect(refreshDelay(5 * MINUTE + 10_000, 0)).toBe(MIN_REFRESH_DELAY_MS)
    expect(refreshDelay(60_000, 0)).toBe(30_000)
    expect(refreshDelay(-1000, 0)).toBe(30_000)
  })

  it('calls a token with 300 s or less left due for refresh', () => {
    expect(needsRefresh(REFRESH_BUFFER_MS, 0)).toBe(true)
    expect(needsRefresh(REFRESH_BUFFER_MS + 1, 0)).toBe(false)
  })
})

describe('refresh scheduler', () => {
  it('refreshes 5 minutes before expiry, stores the token, announces it and schedules the next one', async () => {
    const { scheduler, heard, stored, refresh } = harness(() => Promise.resolve(tokensExpiringIn(60 * MINUTE)))
    scheduler.start(Date.now() + 60 * MINUTE)

    await vi.advanceTimersByTimeAsync(55 * MINUTE - 1)
    expect(refresh).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(stored.map((tokens) => tokens.idToken)).toEqual(['new'])
    expect(heard.map(([name]) => name)).toEqual(['tokenRefreshed'])

    await vi.advanceTimersByTimeAsync(55 * MINUTE)
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it('waits at least 30 seconds when the token expires within the 5-minute buffer', async () => {
    const { scheduler, refresh } = harness(() => Promise.resolve(tokensExpiringIn(60 * MINUTE)))
    scheduler.start(Date.now() + 2 * MINUTE)
    await vi.advanceTimersByTimeAsync(29_999)
    expect(refresh).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('clears auth state and announces tokenExpired when the identity provider fails the refresh', async () => {
    const { scheduler, heard, cleared, refresh } = harness(() =>
      Promise.reject({ code: 'InternalErrorException', message: 'Internal error' }),
    )
    scheduler.start(Date.now() + 6 * MINUTE)
    await vi.advanceTimersByTimeAsync(MINUTE)
    expect(cleared).toEqual([{ clearCachedUser: false }])
    expect(heard).toEqual([['tokenExpired', { reason: 'Internal error' }]])
    await vi.advanceTimersByTimeAsync(120 * MINUTE)
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('keeps the session through a network failure and retries with backoff capped at 5 s', async () => {
    let calls = 0
    const { scheduler, heard, cleared, stored, refresh } = harness(() => {
      calls += 1
      return calls <= 4
        ? Promise.reject({ code: 'NetworkError', message: 'Network error' })
        : Promise.resolve(tokensExpiringIn(60 * MINUTE))
    })
    scheduler.start(Date.now() + 6 * MINUTE)
    await vi.advanceTimersByTimeAsync(MINUTE) // first try fails
    expect(refresh).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1000) // retry after 1 s
    await vi.advanceTimersByTimeAsync(2000) // then 2 s
    await vi.advanceTimersByTimeAsync(4000) // then 4 s
    expect(refresh).toHaveBeenCalledTimes(4)
    await vi.advanceTimersByTimeAsync(4999)
    expect(refresh).toHaveBeenCalledTimes(4)
    await vi.advanceTimersByTimeAsync(1) // capped at 5 s, and this one succeeds
    expect(refresh).toHaveBeenCalledTimes(5)
    expect(cleared).toEqual([])
    expect(stored).toHaveLength(1)
    expect(heard.map(([name]) => name)).toEqual(['tokenRefreshed'])
  })

  it('clears the cached user too and announces refreshTokenExpired when the refresh token is dead', async () => {
    const { scheduler, heard, cleared } = harness(() =>
      Promise.reject({ code: 'NotAuthorizedException', message: 'Refresh Token has been revoked' }),
    )
    scheduler.start(Date.now() + 6 * MINUTE)
    await vi.advanceTimersByTimeAsync(MINUTE)
    expect(cleared).toEqual([{ clearCachedUser: true }])
    expect(heard).toEqual([['refreshTokenExpired', { reason: 'Refresh Token has been revoked' }]])
  })

  it('joins callers to one refresh in flight', async () => {
    let resolve!: (tokens: FreshTokens) => void
    const { scheduler, refresh } = harness(() => new Promise((done) => (resolve = done)))
    const first = scheduler.refreshNow()
    const second = scheduler.refreshNow()
    resolve(tokensExpiringIn(60 * MINUTE, 'shared'))
    await expect(Promise.all([first, second])).resolves.toEqual(['shared', 'shared'])
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('refreshes at once when the page becomes visible with the token near expiry, else only re-arms', async () => {
    const { scheduler, refresh } = harness(() => Promise.resolve(tokensExpiringIn(60 * MINUTE)))
    scheduler.start(Date.now() + 60 * MINUTE)
    expect(scheduler.checkNow()).toBeNull()
    expect(refresh).not.toHaveBeenCalled()
    // A laptop lid closed for 57 minutes: the timer may not have fired.
    vi.setSystemTime(Date.now() + 57 * MINUTE)
    await scheduler.checkNow()
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('does nothing after stop', async () => {
    const { scheduler, refresh } = harness(() => Promise.resolve(tokensExpiringIn(60 * MINUTE)))
    scheduler.start(Date.now() + 10 * MINUTE)
    scheduler.stop()
    await vi.advanceTimersByTimeAsync(60 * MINUTE)
    expect(refresh).not.toHaveBeenCalled()
    expect(scheduler.checkNow()).toBeNull()
  })
})
