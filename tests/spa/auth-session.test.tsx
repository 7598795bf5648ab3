import { http, HttpResponse } from 'msw'
import { createQueryClient } from '@/api/query-client'
import { keyFor } from '@/api/queries'
import { SessionManager } from '@/auth/session'
import { endpoints, type User } from '@/contract'
import { AUTH_FLAG_KEY, CACHED_USER_KEY, ID_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/lib/storage-keys'
import { fakeIdp } from './auth-idp'
import { ana, authKeysInStorage, serveMe, setup } from './auth-session-setup'
import { buildUser } from './factories'
import { server } from './msw'

describe('session: sign-in', () => {
  it('signs in with the password, confirms with the server and stores tokens, flag and cached user', async () => {
    const idp = fakeIdp({ users: [ana] })
    const me = buildUser({ userId: 'sub-ana', email: ana.email })
    const seen = serveMe(me)
    const { manager, queryClient, heard } = setup()

    await expect(manager.signIn('  Ana@Example.com ', ana.password)).resolves.toEqual({ type: 'signedIn' })

    expect(manager.getStatus()).toBe('authenticated')
    expect(queryClient.getQueryData(keyFor(endpoints.me))).toEqual(me)
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
    expect(queryClient.getQueryData(keyFor(endpoints.me))).toEqual(me)
    manager.dispose()
  })

  it('keeps the stored session when restoring it cannot reach the identity provider (offline, or the page is left)', async () => {
    // Tokens that have already expired, so restoring them needs a refresh.
    const idp = fakeIdp({ users: [ana], ttlSeconds: -60 })
    serveMe(buildUser({ userId: ana.sub, email: ana.email }))
    const first = setup()
    await first.manager.signIn(ana.email, ana.password)
    first.manager.dispose()
    const stored = Object.fromEntries(authKeysInStorage().map((key) => [key, localStorage.getItem(key)]))
    let offline = true
    server.use(http.post('/cognito-idp/', () => (offline ? HttpResponse.error() : undefined)))

    const { manager } = setup()
    // The SDK retries a network failure for about 6 s before it gives up.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const started = manager.startOnce()
    await vi.advanceTimersByTimeAsync(10_000)
    await started
    vi.useRealTimers()
    expect(manager.getStatus()).toBe('unauthenticated')
    expect(Object.fromEntries(authKeysInStorage().map((key) => [key, localStorage.getItem(key)]))).toEqual(stored)

    // Back online, the next page load restores it.
    offline = false
    idp.setTtl(3600)
    const later = setup()
    await later.manager.startOnce()
    expect(later.manager.getStatus()).toBe('authenticated')
    later.manager.dispose()
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
    expect(queryClient.getQueryData(keyFor(endpoints.me))).toEqual(cached)
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
    expect(queryClient.getQueryData(keyFor(endpoints.me))).toMatchObject({
      userId: 'sub-ana',
      email: ana.email,
      role: 'owner',
      cognitoGroups: ['buyers', 'owners', 'originators'],
    })
    manager.dispose()
  })

  it('ends signed out without loading the identity client when no session is stored, and can still sign in', async () => {
    const { manager: real } = setup()
    const identity = vi.fn(() => real['options'].identity())
    const manager = new SessionManager({
      identity,
      mayHaveStoredSession: () => false,
      queryClient: createQueryClient(),
    })
    await manager.startOnce()
    expect(manager.getStatus()).toBe('unauthenticated')
    expect(identity).not.toHaveBeenCalled()
    fakeIdp({ users: [ana] })
    serveMe(buildUser({ email: ana.email }))
    await expect(manager.signIn(ana.email, ana.password)).resolves.toEqual({ type: 'signedIn' })
    expect(identity).toHaveBeenCalled()
    expect(manager.getStatus()).toBe('authenticated')
    manager.dispose()
    real.dispose()
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
