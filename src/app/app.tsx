import { useState } from 'react'
import { flushSync } from 'react-dom'
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router'
import { preloadPages } from '@/components/lazy-page'
import type { Boot } from './boot-state'
import { AppProviders } from './providers'
import { routes } from './routes'

/** The SPA; `boot` when the server rendered this page for a member (src/app/boot-state.ts). */
export function App({ boot }: { boot?: Boot | null }) {
  const [router] = useState(() => {
    preloadPages(matchRoutes(routes, window.location))
    return createBrowserRouter(routes)
  })
  return (
    <AppProviders boot={boot}>
      {/* flushSync: a navigation may render at once (`{ flushSync: true }`), as URL-bound controls need. */}
      <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />
    </AppProviders>
  )
}
