import { flushSync } from 'react-dom'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { setAuthTransport } from '@/api/transport'
import type { AuthState } from '@/auth'
import type { User } from '@/contract'
import { AppProviders, createAppQueryClient } from '@/app/providers'
import { routes } from '@/app/routes'
import type { RealtimeClientFactory } from '@/realtime'

export const TEST_TOKEN = 'test-id-token'

/**
 * Renders the real routes and providers at `path`, signed in as `user` when given; `realtimeClient` stands
 * in for pusher-js (tests/spa/chat-fixtures.ts has a fake).
 */
export function renderApp({
  path = '/',
  user = null,
  realtimeClient,
}: { path?: string; user?: User | null; realtimeClient?: RealtimeClientFactory } = {}) {
  // The app's own client, so an error the app would also toast globally shows here as it would to a user.
  const queryClient = createAppQueryClient()
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  })
  const signOut = vi.fn(() => Promise.resolve())
  const auth: AuthState = user
    ? { status: 'authenticated', user, signOut }
    : { status: 'unauthenticated', user: null, signOut }
  if (user) {
    setAuthTransport({
      getFreshToken: () => Promise.resolve(TEST_TOKEN),
      forceRefresh: () => Promise.resolve(TEST_TOKEN),
      onSessionExpired: () => {},
      onDeactivated: () => {},
    })
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const result = render(
    <AppProviders queryClient={queryClient} auth={auth} realtimeClient={realtimeClient}>
      <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />
    </AppProviders>,
  )
  return { ...result, router, queryClient, signOut }
}
