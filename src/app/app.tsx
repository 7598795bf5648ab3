import { useState } from 'react'
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router'
import { preloadPages } from '@/components/lazy-page'
import { AppProviders } from './providers'
import { routes } from './routes'

export function App() {
  const [router] = useState(() => {
    preloadPages(matchRoutes(routes, window.location))
    return createBrowserRouter(routes)
  })
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
