import { act, render, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { Toaster } from '@/components/ui/toast'
import { fakeIdp } from './auth-idp'
import { ana, authKeysInStorage, serveMe, setup } from './auth-session-setup'
import { buildUser } from './factories'
import { server } from './msw'

/*
 * How long a returning visitor looks at "Loading…" before the page when their stored session cannot be used
 * (issue 22 #21: a password reset elsewhere revoked it, and the start-up waited 7.8 s).
 */

/** A session stored by an earlier visit whose tokens have expired since, so restoring it needs a refresh. */
async function storedExpiredSession() {
  const idp = fakeIdp({ users: [ana], ttlSeconds: -60 })
  serveMe(buildUser({ userId: ana.sub, email: ana.email }))
  const first = setup()
  await first.manager.signIn(ana.email, ana.password)
  first.manager.dispose()
  const refreshes = () => idp.calls.filter((call) => call.body.AuthFlow === 'REFRESH_TOKEN_AUTH').length
  return { idp, refreshes }
}

describe('session start-up with a stored session that cannot be used', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('ends at the first refusal of a revoked refresh token (no retries), signed out with the session forgotten', async () => {
    const { idp, refreshes } = await storedExpiredSession()
    idp.failRefresh('NotAuthorizedException', 'Refresh Token has been revoked')
    const before = refreshes()

    const { manager } = setup()
    await manager.startOnce()
    expect(manager.getStatus()).toBe('unauthenticated')
    expect(refreshes() - before).toBe(1)
    expect(authKeysInStorage()).toEqual([])
    manager.dispose()
  }, 20_000)

  it('shows the page signed out within 2 s when the identity provider cannot be reached, keeping the session', async () => {
    await storedExpiredSession()
    const stored = Object.fromEntries(authKeysInStorage().map((key) => [key, localStorage.getItem(key)]))
    server.use(http.post('/cognito-idp/', () => HttpResponse.error()))

    const { manager } = setup()
    vi.useFakeTimers()
    void manager.startOnce()
    await vi.advanceTimersByTimeAsync(2000)
    expect(manager.getStatus()).toBe('unauthenticated')
    // Nothing says it is gone: the next page load tries it again.
    expect(Object.fromEntries(authKeysInStorage().map((key) => [key, localStorage.getItem(key)]))).toEqual(stored)
    manager.dispose()
  })

  it('tells a person deactivated since their last visit why, when the start-up refresh answers "User is disabled."', async () => {
    // Tokens the identity SDK still takes as valid, but close enough to their end that the first call refreshes.
    const idp = fakeIdp({ users: [ana], ttlSeconds: 120 })
    serveMe(buildUser({ userId: ana.sub, email: ana.email }))
    const first = setup()
    await first.manager.signIn(ana.email, ana.password)
    first.manager.dispose()
    idp.failRefresh('NotAuthorizedException', 'User is disabled.')

    render(<Toaster />)
    const { manager } = setup()
    await act(() => manager.startOnce())
    expect(manager.getStatus()).toBe('unauthenticated')
    expect(await screen.findByText('Account Deactivated')).toBeInTheDocument()
    expect(screen.queryByText('Session Error')).not.toBeInTheDocument()
    expect(authKeysInStorage()).toEqual([])
    manager.dispose()
  }, 20_000)
})
