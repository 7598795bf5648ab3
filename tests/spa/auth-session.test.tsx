import { render, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { createQueryClient } from '@/api/query-client'
import { api } from '@/api/client'
import { authKeys } from '@/api/keys'
import { createIdentityClient } from '@/auth/cognito'
import { createAuthEvents, type AuthEventName } from '@/auth/events'
import { SessionManager } from '@/auth/session'
import { Toaster } from '@/components/ui/toast'
import type { User } from '@/contract'
import {
  AUTH_FLAG_KEY,
  CACHED_USER_KEY,
  DASHBOARD_MARKER_KEY,
  ID_TOKEN_KEY,
  REFRESH_TOKEN_KEY,
} from '@/lib/storage-keys'
import { fakeIdp, makeJwt, type FakeUser } from './auth-idp'
import { buildUser } from './factories'
import { server } from './msw'

const ana: FakeUser = { email: 'ana@example.com', password: 'Secret1!', sub: 'sub-ana', groups: ['buyers'] }
const config = { userPoolId: 'local_keyway', clientId: 'keywaywebclient', endpoint: `${location.origin}/cognito-idp/` }

function setup({ path = '/deals' } = {}) {
  const queryClient = createQueryClient()
  const events = createAuthEvents()
  const heard: AuthEventName[] = []
  for (const name of ['tokenRefreshed', 'tokenExpired', 'refreshTokenExpired', 'signedIn', 'signedOut'] as const) {
    events.on(name, () => heard.push(name))
  }
  const redirect = vi.fn<(path: string) => void>()
  const client = createIdentityClient(config)
  const manager = new SessionManager({
    identity: () => Promise.resolve(client),
    queryClient,
    events,
    redirect,
    currentPath: () => path,
  })
  return { manager, queryClient, heard, redirect }
}

function serveMe(user: User, seen: (string | null)[] = []) {
  server.use(
    http.get('/api/auth/me', ({ request }) => {
      seen.push(request.headers.get('Authorization'))
      return HttpResponse.json(user)
    }),
  )
  return seen
}

const authKeysInStorage = () =>
  Object.keys(localStorage).filter((key) => /cognito|aws/i.test(key) || key === ID_TOKEN_KEY || key === AUTH_FLAG_KEY)

describe('session: sign-in', () => {
  it('signs in with the password, confirms with the server and stores tokens, flag and cached user', async () => {
    const idp = fakeIdp({ users: [ana] })
    const me = buildUser({ userId: 'sub-ana', email: ana.email })
    const seen = serveMe(me)
    const { manager, queryClient, heard } = setup()

    await expect(manager.signIn('  Ana@Example.com ', ana.password)).resolves.toEqual({ type: 'signedIn' })

    expect(manager.getStatus()).toBe('authenticated')
    expect(queryClient.getQueryData(authKeys.me())).toEqual(me)
    expect(idp.calls[0]?.body).toMatchObject({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'keywaywebclient',
      AuthParameters: { USERNAME: 'ana@example.com', PASSWORD: ana.password },
    })
    expect(seen[0]).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/)
    expect(localStorage.getItem(AUTH_FLAG_KEY)).toBe('true')
    expect(localStorage.getItem(ID_TOKEN_KEY)).toBe(seen[0]?.slice('Bearer '.length))
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toMatch(/^refresh-/)
    expect(JSON.parse(localStorage.getItem(CACHED_USER_KEY)!)).toMatchObject({ user: me, cachedAt: expect.any(Number) })
    expect(heard).toEqual(['signedIn'])
    manager.dispose()
  })

  it('answers a wrong password with the Cognito error name and stays signed out', async () => {
    fakeIdp({ users: [ana] })
    const { manager } = setup()
    await expect(manager.signIn(ana.email, 'nope')).resolves.toEqual({
      type: 'error',
      code: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    })
    expect(manager.getStatus()).toBe('loading')
    expect(localStorage.getItem(AUTH_FLAG_KEY)).toBeNull()
  })

  it('walks the new-password challenge', async () => {
    fakeIdp({ users: [{ ...ana, challenge: 'NEW_PASSWORD_REQUIRED' }] })
    serveMe(buildUser({ email: ana.email }))
    const { manager } = setup()
    await expect(manager.signIn(ana.email, ana.password)).resolves.toEqual({ type: 'newPasswordRequired' })
    await expect(manager.completeNewPassword('Newer1!pass')).resolves.toEqual({ type: 'signedIn' })
    manager.dispose()
  })

  it('walks the authenticator-app challenge, refusing a wrong code', async () => {
    fakeIdp({ users: [{ ...ana, challenge: 'SOFTWARE_TOKEN_MFA' }] })
    serveMe(buildUser({ email: ana.email }))
    const { manager } = setup()
    await expect(manager.signIn(ana.email, ana.password)).resolves.toEqual({
      type: 'mfaRequired',
      method: 'SOFTWARE_TOKEN_MFA',
    })
    await expect(manager.submitMfaCode('000000')).resolves.toMatchObject({
      type: 'error',
      code: 'CodeMismatchException',
    })
    await expect(manager.submitMfaCode('123456')).resolves.toEqual({ type: 'signedIn' })
    manager.dispose()
  })

  it('explains that MFA setup cannot be done here', async () => {
    fakeIdp({ users: [{ ...ana, challenge: 'MFA_SETUP' }] })
    const { manager } = setup()
    await expect(manager.signIn(ana.email, ana.password)).resolves.toMatchObject({
      type: 'error',
      code: 'MfaSetupRequired',
    })
  })

  it('completes an e-mailed sign-in link with CUSTOM_AUTH, once', async () => {
    const idp = fakeIdp({ users: [ana] })
    serveMe(buildUser({ email: ana.email }))
    idp.issueSignInCode(ana.email, '424242')
    const { manager } = setup()
    await expect(manager.signInWithLink(ana.email, '424242')).resolves.toEqual({ type: 'signedIn' })
    expect(idp.calls.map((call) => [call.operation, call.body.AuthFlow ?? call.body.ChallengeName])).toEqual([
      ['InitiateAuth', 'CUSTOM_AUTH'],
      ['RespondToAuthChallenge', 'CUSTOM_CHALLENGE'],
    ])
    const again = setup()
    await expect(again.manager.signInWithLink(ana.email, '424242')).resolves.toMatchObject({
      type: 'error',
      code: 'ExpiredCodeException',
    })
    manager.dispose()
  })

  it('refuses a deactivated account at sign-in and keeps no tokens', async () => {
    fakeIdp({ users: [ana] })
    server.use(
      http.get('/api/auth/me', () =>
        HttpResponse.json(
          { message: 'Account Deactivated: contact support', code: 'account_deactivated' },
          { status: 403 },
        ),
      ),
    )
    const { manager } = setup()
    await expect(manager.signIn(ana.email, ana.password)).resolves.toMatchObject({
      type: 'error',
      code: 'AccountDeactivated',
    })
    expect(authKeysInStorage()).toEqual([])
  })
})

describe('session: startup check', () => {
  async function signedInEarlier(user = ana) {
    fakeIdp({ users: [user] })
    serveMe(buildUser({ userId: user.sub, email: user.email }))
    const first = setup()
    await first.manager.signIn(user.email, user.password)
    first.manager.dispose()
  }

  it('restores a stored session and confirms it with the server', async () => {
    await signedInEarlier()
    const me = buildUser({ userId: 'sub-ana', email: ana.email, firstName: 'Ana' })
    serveMe(me)
    const { manager, queryClient } = setup()
    await manager.startOnce()
    expect(manager.getStatus()).toBe('authenticated')
    expect(queryClient.getQueryData(authKeys.me())).toEqual(me)
    manager.dispose()
  })

  it('removes a stored ID token that is not three dot-separated parts and stays signed out', async () => {
    await signedInEarlier()
    const sdkKey = Object.keys(localStorage).find((key) => key.endsWith('.idToken'))!
    localStorage.setItem(sdkKey, 'not-a-jwt')
    localStorage.setItem(ID_TOKEN_KEY, 'two.parts')
    const { manager } = setup()
    await manager.startOnce()
    expect(localStorage.getItem(sdkKey)).toBeNull()
    expect(localStorage.getItem(ID_TOKEN_KEY)).toBeNull()
    expect(manager.getStatus()).toBe('unauthenticated')
  })

  it('uses the cached user when the server check fails and the authenticated flag is stored', async () => {
    await signedInEarlier()
    const cached = JSON.parse(localStorage.getItem(CACHED_USER_KEY)!).user as User
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ message: 'down' }, { status: 503 })))
    const { manager, queryClient } = setup()
    await manager.startOnce()
    expect(manager.getStatus()).toBe('authenticated')
    expect(queryClient.getQueryData(authKeys.me())).toEqual(cached)
    manager.dispose()
  })

  it('keeps the error (signed out) when the server check fails without the stored flag', async () => {
    await signedInEarlier()
    localStorage.removeItem(AUTH_FLAG_KEY)
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ message: 'down' }, { status: 503 })))
    const { manager } = setup()
    await manager.startOnce()
    expect(manager.getStatus()).toBe('unauthenticated')
  })

  it('derives the role from the group claim when the server check fails and nothing is cached', async () => {
    await signedInEarlier({ ...ana, groups: ['buyers', 'owners', 'originators'] })
    localStorage.removeItem(CACHED_USER_KEY)
    server.use(http.get('/api/auth/me', () => HttpResponse.error()))
    const { manager, queryClient } = setup()
    await manager.startOnce()
    expect(queryClient.getQueryData<User>(authKeys.me())).toMatchObject({
      userId: 'sub-ana',
      email: ana.email,
      role: 'owner',
      cognitoGroups: ['buyers', 'owners', 'originators'],
    })
    manager.dispose()
  })

  it('stays signed out, with nothing to restore, when auth is unconfigured', async () => {
    const manager = new SessionManager({
      identity: () => Promise.reject(new Error('NotConfigured')),
      queryClient: createQueryClient(),
    })
    await manager.startOnce()
    expect(manager.getStatus()).toBe('unauthenticated')
    await expect(manager.signIn(ana.email, ana.password)).resolves.toMatchObject({
      type: 'error',
      code: 'NotConfigured',
      message: 'AWS Cognito is not properly configured',
    })
  })
})

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
  async function signedIn(path = '/deals?state=TX') {
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
          : HttpResponse.json({ items: [] })
      }),
    )
    await expect(api.get('/api/deals')).resolves.toEqual({ items: [] })
    expect(seen).toHaveLength(2)
    expect(seen[1]).not.toBe(seen[0])
    expect(idp.calls.filter((call) => call.body.AuthFlow === 'REFRESH_TOKEN_AUTH')).toHaveLength(1)
    manager.dispose()
  })

  it('on a second 401 clears the tokens, says the session expired and goes to sign-in with the way back', async () => {
    const { manager, redirect } = await signedIn()
    server.use(http.get('/api/deals', () => HttpResponse.json({ message: 'nope' }, { status: 401 })))
    await expect(api.get('/api/deals')).rejects.toThrow('Authentication session expired. Please sign in again.')
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
    await expect(api.get('/api/deals')).rejects.toMatchObject({ status: 403 })
    expect(await screen.findByText('Account Deactivated')).toBeInTheDocument()
    expect(screen.getByText('contact support')).toBeInTheDocument()
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith('/'))
    expect(manager.getStatus()).toBe('unauthenticated')
  })

  it('keeps the session on a role refusal (403 forbidden)', async () => {
    const { manager, redirect } = await signedIn()
    server.use(
      http.get('/api/admin/users', () => HttpResponse.json({ message: 'no', code: 'forbidden' }, { status: 403 })),
    )
    await expect(api.get('/api/admin/users')).rejects.toMatchObject({ status: 403 })
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

  it('signs out with the session-expired notice and forgets the cached user when the refresh token was revoked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const idp = fakeIdp({ users: [ana], ttlSeconds: 600 })
    serveMe(buildUser({ email: ana.email }))
    const { manager, heard, redirect } = setup({ path: '/profile' })
    await manager.signIn(ana.email, ana.password)
    render(<Toaster />)
    idp.failRefresh('NotAuthorizedException', 'Refresh Token has been revoked')
    // The refresh at 300 s, then the SDK's own retries (200 ms doubling, capped at 5 s: about 6.3 s).
    await vi.advanceTimersByTimeAsync(307_000)
    expect(heard).toEqual(['signedIn', 'refreshTokenExpired'])
    expect(localStorage.getItem(CACHED_USER_KEY)).toBeNull()
    expect(authKeysInStorage()).toEqual([])
    expect(redirect).toHaveBeenCalledWith('/auth?next=%2Fprofile')
    expect(screen.getByText('Session Error')).toBeInTheDocument()
  })
})
