import { http, HttpResponse } from 'msw'
import { call } from '@/api/call'
import { authTransport } from '@/api/transport'
import { keyFor } from '@/api/queries'
import { endpoints } from '@/contract'
import { ID_TOKEN_KEY } from '@/lib/storage-keys'
import { fakeIdp } from './auth-idp'
import { ana, serveMe, setup } from './auth-session-setup'
import { buildUser } from './factories'
import { server } from './msw'

/** Records the page-session calls: which method, with which bearer token. */
function pageSessionCalls() {
  const calls: { method: string; authorization: string | null }[] = []
  const record = ({ request }: { request: Request }) => {
    calls.push({ method: request.method, authorization: request.headers.get('Authorization') })
    return request.method === 'POST'
      ? HttpResponse.json({ expiresAt: new Date(Date.now() + 3_600_000).toISOString() })
      : HttpResponse.json({ closed: true })
  }
  server.use(http.post('/api/auth/page-session', record), http.delete('/api/auth/page-session', record))
  return calls
}

describe('session: the page session the server renders member pages with', () => {
  it('hands the token to the server once per token at sign-in, and takes it back at sign-out', async () => {
    fakeIdp({ users: [ana] })
    serveMe(buildUser({ userId: ana.sub, email: ana.email }))
    const calls = pageSessionCalls()
    const { manager, redirect } = setup()
    await manager.signIn(ana.email, ana.password)
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({ method: 'POST', authorization: `Bearer ${localStorage.getItem(ID_TOKEN_KEY)}` })
    manager.dispose()

    // The next page load restores the same token: the server already holds it.
    const later = setup()
    await later.manager.startOnce()
    expect(later.manager.getStatus()).toBe('authenticated')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls).toHaveLength(1)

    await later.manager.signOut()
    expect(calls[1]).toEqual({ method: 'DELETE', authorization: calls[0]!.authorization })
    expect(later.redirect).toHaveBeenCalledWith('/')
    expect(redirect).not.toHaveBeenCalled()
  })

  it('signs out even when the server cannot take the page session back', async () => {
    fakeIdp({ users: [ana] })
    serveMe(buildUser({ userId: ana.sub, email: ana.email }))
    server.use(http.delete('/api/auth/page-session', () => HttpResponse.error()))
    const { manager, redirect } = setup()
    await manager.signIn(ana.email, ana.password)
    await manager.signOut()
    expect(manager.getStatus()).not.toBe('authenticated')
    expect(redirect).toHaveBeenCalledWith('/')
  })

  it("resumes as the server page's member at once; calls wait for the stored session and carry its token", async () => {
    fakeIdp({ users: [ana] })
    const me = buildUser({ userId: ana.sub, email: ana.email, firstName: 'Ana' })
    const seen = serveMe(me)
    const first = setup()
    await first.manager.signIn(ana.email, ana.password)
    first.manager.dispose()
    seen.length = 0

    const { manager, queryClient } = setup()
    manager.resume(me)
    expect(manager.getStatus()).toBe('authenticated')
    expect(queryClient.getQueryData(keyFor(endpoints.me))).toEqual(me)
    // A call made before the stored session is back goes out with its token, not without one.
    const answer = call(endpoints.me)
    void manager.startOnce()
    await expect(answer).resolves.toEqual(me)
    expect(seen.at(-1)).toBe(`Bearer ${localStorage.getItem(ID_TOKEN_KEY)}`)
    expect(manager.getStatus()).toBe('authenticated')
    manager.dispose()
  })

  it('a call made once the identity client is up but before the session is restored waits for it too', async () => {
    // Expired tokens: restoring them needs a refresh, a round trip during which the client is already up.
    const idp = fakeIdp({ users: [ana], ttlSeconds: -60 })
    const me = buildUser({ userId: ana.sub, email: ana.email })
    const seen = serveMe(me)
    const first = setup()
    await first.manager.signIn(ana.email, ana.password)
    first.manager.dispose()
    idp.setTtl(3600)
    seen.length = 0
    // The refresh takes a while, as on a real network.
    server.use(http.post('/cognito-idp/', () => new Promise<undefined>((resolve) => setTimeout(resolve, 300))))

    const { manager } = setup()
    manager.resume(me)
    const started = manager.startOnce()
    await vi.waitFor(() => expect(authTransport()).toBe(manager.transport), { interval: 5 })
    const answer = call(endpoints.me)
    await started
    await expect(answer).resolves.toEqual(me)
    expect(seen[0]).toBe(`Bearer ${localStorage.getItem(ID_TOKEN_KEY)}`)
    manager.dispose()
  })

  it('ends the resumed session when this browser holds none (signed out here meanwhile)', async () => {
    fakeIdp({ users: [ana] })
    serveMe(buildUser({ userId: ana.sub, email: ana.email }))
    const { manager } = setup()
    manager.resume(buildUser({ userId: ana.sub, email: ana.email }))
    expect(manager.getStatus()).toBe('authenticated')
    await manager.startOnce()
    expect(manager.getStatus()).toBe('unauthenticated')
    manager.dispose()
  })
})
