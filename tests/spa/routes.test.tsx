import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { recordRecentPage } from '@/lib/recent-pages'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

describe('routes', () => {
  it('shows the landing page with buy and sell buttons leading to sign-up when signed out', async () => {
    renderApp({ path: '/' })
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Real-estate deals with terms that work')
    expect(screen.getByRole('link', { name: 'I want to buy' })).toHaveAttribute('href', '/signup/buyer')
    expect(screen.getByRole('link', { name: 'I want to sell' })).toHaveAttribute('href', '/signup/seller')
    expect(screen.queryByRole('heading', { name: 'Recently visited' })).not.toBeInTheDocument()
    // The title is set by an effect once the page has rendered.
    await waitFor(() => expect(document.title).toBe('Keyway'))
  })

  it("lists a signed-in user's recently visited pages, newest first", async () => {
    server.use(
      http.get('/api/config/feature-flags', () =>
        HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
      ),
    )
    const me = buildUser({ userId: 'u-7' })
    recordRecentPage('u-7', { title: 'Listings', url: '/deals?state=TX' })
    recordRecentPage('u-7', { title: '12 Oak St', url: '/deals/12' })
    recordRecentPage('someone-else', { title: 'Secret', url: '/deals/99' })
    renderApp({ path: '/', user: me })
    const section = (await screen.findByRole('heading', { name: 'Recently visited' })).closest('section')!
    const links = within(section).getAllByRole('link')
    expect(links.map((link) => [link.textContent?.replace('→', '').trim(), link.getAttribute('href')])).toEqual([
      ['12 Oak St', '/deals/12'],
      ['Listings', '/deals?state=TX'],
    ])
    expect(screen.getByRole('link', { name: 'I want to buy' })).toHaveAttribute('href', '/deals')
  })

  it('shows the not-found page for an unknown path', async () => {
    renderApp({ path: '/nope' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
  })

  it('shows the access-denied page at /unauthorized', async () => {
    renderApp({ path: '/unauthorized' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument()
  })

  it('has a footer with roadmap, legal links and sign-up for buyers', async () => {
    renderApp()
    const footer = await screen.findByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup/buyer')
    expect(within(footer).getByRole('link', { name: 'Feature roadmap' })).toHaveAttribute('href', '/features')
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms')
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
  })
})
