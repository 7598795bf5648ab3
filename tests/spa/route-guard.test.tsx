import { waitFor } from '@testing-library/react'
import { renderApp } from './render'

/** Every page for members, opened signed out with a query string. */
const SIGNED_IN_PAGES = [
  '/deals?state=TX&page=2',
  '/deals/mine?status=active',
  '/deals/new?copy=d-1',
  '/deals/d-1?from=map',
  '/deals/d-1/edit?step=2',
  '/profile?tab=preferences',
  '/verify-email-change?email=new%40example.com',
]

const nextOf = (router: ReturnType<typeof renderApp>['router']) =>
  new URLSearchParams(router.state.location.search).get('next')

describe('signed-in pages', () => {
  it.each(SIGNED_IN_PAGES)('send a visitor at %s to sign in, keeping the path and query in next', async (path) => {
    const { router } = renderApp({ path })
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(nextOf(router)).toBe(path)
  })

  it('keep the hash in next too', async () => {
    const { router } = renderApp({ path: '/profile?tab=preferences#notifications' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(nextOf(router)).toBe('/profile?tab=preferences#notifications')
  })
})
