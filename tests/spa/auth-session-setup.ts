import { http, HttpResponse } from 'msw'
import { createQueryClient } from '@/api/query-client'
import { createIdentityClient } from '@/auth/cognito'
import { createAuthEvents, type AuthEventName } from '@/auth/events'
import { SessionManager } from '@/auth/session'
import type { User } from '@/contract'
import { AUTH_FLAG_KEY, ID_TOKEN_KEY } from '@/lib/storage-keys'
import type { FakeUser } from './auth-idp'
import { server } from './msw'

/** A session manager wired to the fake IdP, with its events and redirects recorded. */
export const ana: FakeUser = { email: 'ana@example.com', password: 'Secret1!', sub: 'sub-ana', groups: ['buyers'] }
export const config = {
  userPoolId: 'local_keyway',
  clientId: 'keywaywebclient',
  endpoint: `${location.origin}/cognito-idp/`,
}

/** `path: null` leaves the manager reading the window's own location, as in the app. */
export function setup({ path = '/deals' as string | null } = {}) {
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
    ...(path !== null && { currentPath: () => path }),
  })
  return { manager, queryClient, heard, redirect }
}

export function serveMe(user: User, seen: (string | null)[] = []) {
  server.use(
    http.get('/api/auth/me', ({ request }) => {
      seen.push(request.headers.get('Authorization'))
      return HttpResponse.json(user)
    }),
  )
  return seen
}

export const authKeysInStorage = () =>
  Object.keys(localStorage).filter((key) => /cognito|aws/i.test(key) || key === ID_TOKEN_KEY || key === AUTH_FLAG_KEY)
