import { useState } from 'react'
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
      <RouterProvider router={router} />
    </AppProviders>
  )
}
