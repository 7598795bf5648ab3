import { act, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { createQueryClient } from '@/api/query-client'
import { call } from '@/api/call'
import { endpoints } from '@/contract'
import { createAuthEvents } from '@/auth/events'
import { SessionManager } from '@/auth/session'
import { Toaster } from '@/components/ui/toast'
import {
  AUTH_FLAG_KEY,
  CACHED_USER_KEY,
  DASHBOARD_MARKER_KEY,
  ID_TOKEN_KEY,
  REFRESH_TOKEN_KEY,
} from '@/lib/storage-keys'
import { fakeIdp, makeJwt } from './auth-idp'
import { ana, authKeysInStorage, serveMe, setup } from './auth-session-setup'
import { buildUser } from './factories'
import { server } from './msw'

const emptyPage = { items: [], total: 0, totalIsEstimate: false, page: 1, pageSize: 20 }

describe('session: sign-out', () => {
  it('revokes the refresh token, removes every cognito/aws key, the auth keys and the dashboard marker, then reloads /', async () => {
    const idp = fakeIdp({ users: [ana] })
    serveMe(buildUser({ email: ana.email }))
    const { manager, heard, redirect } = setup()
    await manager.signIn(ana.email, ana.password)
    localStorage.setItem('aws.amplify.something', 'x')
    localStorage.setItem('language', 'es')
    sessionStorage.setItem(DASHBOARD_MARKER_KEY, '1')

    await manager.signOut()

    expect(idp.operations()).toContain('RevokeToken')
    expect(Object.keys(localStorage).filter((key) => /cognito|aws/i.test(key))).toEqual([])
    for (const key of [ID_TOKEN_KEY, REFRESH_TOKEN_KEY, AUTH_FLAG_KEY, CACHED_USER_KEY]) {
      expect(localStorage.getItem(key)).toBeNull()
    }
    expect(localStorage.getItem('language')).toBe('es')
    expect(sessionStorage.getItem(DASHBOARD_MARKER_KEY)).toBeNull()
    expect(heard).toContain('signedOut')
    expect(redirect).toHaveBeenCalledWith('/')
  })

  it('leaves the page to the reload: from sign-out on, no guard sends the member to sign in (a page view of /auth)', async () => {
    fakeIdp({ users: [ana] })
    serveMe(buildUser({ email: ana.email }))
    const { manager, redirect } = setup()
    await manager.signIn(ana.email, ana.password)
    const seen: string[] = []
    manager.subscribe(() => seen.push(manager.getStatus()))

    await manager.signOut()
    expect(redirect).toHaveBeenCalledWith('/')
    // Signed out is decided by the page the reload brings; until then the guards show their spinner.
    expect(seen).not.toContain('unauthenticated')
    expect(manager.getStatus()).toBe('loading')
  })

  it('wipes all local storage and still reloads when signing out throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const queryClient = createQueryClient()
    const redirect = vi.fn()
    const events = createAuthEvents()
    events.on('signedOut', () => {
      throw new Error('listener errors are contained')
    })
    const manager = new SessionManager({
      identity: () => Promise.resolve({ currentUser: () => Promise.reject(new Error('storage broke')) } as never),
      queryClient,
      redirect,
      events,
    })
    localStorage.setItem('language', 'es')
    localStorage.setItem('anything', '1')
    await manager.signOut()
    expect(localStorage.length).toBe(0)
    expect(redirect).toHaveBeenCalledWith('/')
  })
})

describe('session: other tabs', () => {
  it('follows a sign-out in another tab', async () => {
    fakeIdp({ users: [ana] })
    serveMe(buildUser({ email: ana.email }))
    const { manager, redirect } = setup()
    await manager.signIn(ana.email, ana.password)
    manager.onStorage({ key: 'language', newValue: 'es' })
    expect(manager.getStatus()).toBe('authenticated')
    manager.onStorage({ key: AUTH_FLAG_KEY, newValue: null })
    expect(manager.getStatus()).toBe('unauthenticated')
    await expect(manager.transport.getFreshToken()).resolves.toBeNull()
    expect(redirect).toHaveBeenCalledWith('/')
  })
})

describe('session: the fetch wrapper transport', () => {
  async function signedIn(path: string | null = '/deals?state=TX') {
    const idp = fakeIdp({ users: [ana] })
    serveMe(buildUser({ userId: 'sub-ana', email: ana.email }))
    const ctx = setup({ path })
    await ctx.manager.signIn(ana.email, ana.password)
    render(<Toaster />)
    return { idp, ...ctx }
  }

  it('refreshes once after a 401 and retries with the new token', async () => {
    const { idp, manager } = await signedIn()
    const seen: string[] = []
    server.use(
      http.get('/api/deals', ({ request }) => {
        seen.push(request.headers.get('Authorization') ?? '')
        return seen.length === 1
          ? HttpResponse.json({ message: 'expired' }, { status: 401 })
          : HttpResponse.json(emptyPage)
      }),
    )
    await expect(call(endpoints.listDeals)).resolves.toEqual(emptyPage)
    expect(seen).toHaveLength(2)
    expect(seen[1]).not.toBe(seen[0])
    expect(idp.calls.filter((call) => call.body.AuthFlow === 'REFRESH_TOKEN_AUTH')).toHaveLength(1)
    manager.dispose()
  })

  it('keeps the hash of the page in the way back, reading the window location', async () => {
    window.history.pushState({}, '', '/deals?state=TX#map')
    const { manager, redirect } = await signedIn(null)
    server.use(http.get('/api/deals', () => HttpResponse.json({ message: 'nope' }, { status: 401 })))
    await act(() => expect(call(endpoints.listDeals)).rejects.toThrow('Authentication session expired'))
    expect(redirect).toHaveBeenCalledWith('/auth?next=%2Fdeals%3Fstate%3DTX%23map')
    manager.dispose()
    window.history.pushState({}, '', '/')
  })

  it('on a second 401 clears the tokens, says the session expired and goes to sign-in with the way back', async () => {
    const { manager, redirect } = await signedIn()
    server.use(http.get('/api/deals', () => HttpResponse.json({ message: 'nope' }, { status: 401 })))
    // The notice's toast renders as the call fails: inside act, as React asks.
    await act(() =>
      expect(call(endpoints.listDeals)).rejects.toThrow('Authentication session expired. Please sign in again.'),
    )
    expect(await screen.findByText('Session Error')).toBeInTheDocument()
    expect(screen.getByText('your authentication session has expired, sign in again')).toBeInTheDocument()
    expect(redirect).toHaveBeenCalledWith('/auth?next=%2Fdeals%3Fstate%3DTX')
    expect(manager.getStatus()).toBe('unauthenticated')
    expect(authKeysInStorage()).toEqual([])
  })

  it('signs a deactivated account out with the notice', async () => {
    const { manager, redirect } = await signedIn()
    server.use(
      http.get('/api/deals', () =>
        HttpResponse.json(
          { message: 'Account Deactivated: contact support', code: 'account_deactivated' },
          { status: 403 },
        ),
      ),
    )
    await act(() => expect(call(endpoints.listDeals)).rejects.toMatchObject({ status: 403 }))
    expect(await screen.findByText('Account Deactivated')).toBeInTheDocument()
    expect(screen.getByText('contact support')).toBeInTheDocument()
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/'))
    // No longer the member; signed out for good once the reload comes (sign-out leaves that to it).
    expect(manager.getStatus()).not.toBe('authenticated')
  })

  it('keeps the session on a role refusal (403 forbidden)', async () => {
    const { manager, redirect } = await signedIn()
    server.use(
      http.get('/api/admin/users', () => HttpResponse.json({ message: 'no', code: 'forbidden' }, { status: 403 })),
    )
    await expect(call(endpoints.adminUsers)).rejects.toMatchObject({ status: 403 })
    expect(manager.getStatus()).toBe('authenticated')
    expect(redirect).not.toHaveBeenCalled()
    manager.dispose()
  })

  it('refreshes before a call when 300 s or less remain on the ID token', async () => {
    const { idp, manager } = await signedIn()
    idp.setTtl(3600)
    const before = localStorage.getItem(ID_TOKEN_KEY)
    // The token from sign-in had 3600 s; pretend time moved on to 200 s before its expiry.
    const exp = JSON.parse(atob(before!.split('.')[1]!)).exp as number
    vi.spyOn(Date, 'now').mockReturnValue((exp - 200) * 1000)
    const token = await manager.transport.getFreshToken()
    vi.restoreAllMocks()
    expect(token).not.toBe(before)
    expect(localStorage.getItem(ID_TOKEN_KEY)).toBe(token)
    manager.dispose()
  })

  it('gives no token when signed out', async () => {
    const { manager } = setup()
    await expect(manager.transport.getFreshToken()).resolves.toBeNull()
    expect(makeJwt({}).split('.')).toHaveLength(3)
  })
})

describe('session: background refresh', () => {
  afterEach(() => vi.useRealTimers())

  it('renews the token silently before it expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const idp = fakeIdp({ users: [ana], ttlSeconds: 600 })
    serveMe(buildUser({ email: ana.email }))
    const { manager, heard, redirect } = setup()
    await manager.signIn(ana.email, ana.password)
    const first = localStorage.getItem(ID_TOKEN_KEY)
    await vi.advanceTimersByTimeAsync(300_000)
    expect(heard).toEqual(['signedIn', 'tokenRefreshed'])
    expect(localStorage.getItem(ID_TOKEN_KEY)).not.toBe(first)
    expect(idp.calls.filter((call) => call.body.AuthFlow === 'REFRESH_TOKEN_AUTH')).toHaveLength(1)
    expect(manager.getStatus()).toBe('authenticated')
    expect(redirect).not.toHaveBeenCalled()
    manager.dispose()
  })

  it('keeps the session when a refresh answer cannot be read (its body cut off), and renews on the retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    fakeIdp({ users: [ana], ttlSeconds: 600 })
    serveMe(buildUser({ email: ana.email }))
    const { manager, heard, redirect } = setup()
    await manager.signIn(ana.email, ana.password)
    const first = localStorage.getItem(ID_TOKEN_KEY)
    // A 200 whose body breaks off, as when the page is left while the answer arrives: the SDK reads it as an
    // empty success and then throws a TypeError of its own.
    server.use(
      http.post(
        '/cognito-idp/',
        () =>
          new HttpResponse(new ReadableStream({ start: (controller) => controller.error(new Error('cut off')) }), {
            status: 200,
            headers: { 'Content-Type': 'application/x-amz-json-1.1' },
          }),
        { once: true },
      ),
    )
    await vi.advanceTimersByTimeAsync(301_000)
    expect(manager.getStatus()).toBe('authenticated')
    expect(redirect).not.toHaveBeenCalled()
    expect(localStorage.getItem(AUTH_FLAG_KEY)).toBe('true')
    expect(heard).toEqual(['signedIn', 'tokenRefreshed'])
    expect(localStorage.getItem(ID_TOKEN_KEY)).not.toBe(first)
    manager.dispose()
  })

  it('leaves the stored session alone once the page is being left, whatever its last refresh says', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const idp = fakeIdp({ users: [ana], ttlSeconds: 600 })
    serveMe(buildUser({ email: ana.email }))
    const { manager, redirect } = setup()
    await manager.signIn(ana.email, ana.password)
    const stored = Object.fromEntries(authKeysInStorage().map((key) => [key, localStorage.getItem(key)]))
    // The next page is loading and reads these keys; this one only hears its requests being cut off.
    manager.onPageHide()
    idp.failRefresh('InternalErrorException', 'An error occurred')
    await vi.advanceTimersByTimeAsync(307_000)
    expect(Object.fromEntries(authKeysInStorage().map((key) => [key, localStorage.getItem(key)]))).toEqual(stored)
    expect(redirect).not.toHaveBeenCalled()
    manager.dispose()
  })

  it('signs out with the session-expired notice and forgets the cached user when the refresh token was revoked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const idp = fakeIdp({ users: [ana], ttlSeconds: 600 })
    serveMe(buildUser({ email: ana.email }))
    const { manager, heard, redirect } = setup({ path: '/profile' })
    await manager.signIn(ana.email, ana.password)
    render(<Toaster />)
    idp.failRefresh('NotAuthorizedException', 'Refresh Token has been revoked')
    // The refresh at 300 s, refused: no retry (the SDK's own retries are for network failures only), so the
    // session ends then, and the notice is on screen (toasts close after 5 s).
    await act(() => vi.advanceTimersByTimeAsync(301_000))
    expect(heard).toEqual(['signedIn', 'refreshTokenExpired'])
    expect(localStorage.getItem(CACHED_USER_KEY)).toBeNull()
    expect(authKeysInStorage()).toEqual([])
    expect(redirect).toHaveBeenCalledWith('/auth?next=%2Fprofile')
    expect(screen.getByText('Session Error')).toBeInTheDocument()
  })

  it('signs a person out with the Account Deactivated notice when the refresh answers "User is disabled."', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const idp = fakeIdp({ users: [ana], ttlSeconds: 600 })
    serveMe(buildUser({ email: ana.email }))
    const { manager, redirect } = setup({ path: '/profile' })
    await manager.signIn(ana.email, ana.password)
    render(<Toaster />)
    idp.failRefresh('NotAuthorizedException', 'User is disabled.')
    // The refresh at 300 s is refused at its first answer (no retries), so the notice shows then (toasts close after 5 s).
    await act(() => vi.advanceTimersByTimeAsync(301_000))
    expect(screen.getByText('Account Deactivated')).toBeInTheDocument()
    expect(screen.queryByText('Session Error')).not.toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    expect(redirect).toHaveBeenCalledWith('/')
    expect(manager.getStatus()).not.toBe('authenticated')
    expect(authKeysInStorage()).toEqual([])
  })
})
