import { act, cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

const URL = 'https://events.example.org/creative-finance'

describe('webinar banner', () => {
  it('shows signed-in users a link that opens the registration page in a new tab', async () => {
    server.use(
      http.get('/api/config/feature-flags', () =>
        HttpResponse.json({ enableWebinarBanner: true, webinarRegistrationUrl: URL }),
      ),
    )
    renderApp({ user: buildUser() })
    const link = await screen.findByRole('link', { name: /Free live webinar/ })
    expect(link).toHaveAttribute('href', URL)
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'))
  })

  it('can be dismissed, and stays away for the browser session until another webinar is announced', async () => {
    let url = URL
    server.use(
      http.get('/api/config/feature-flags', () =>
        HttpResponse.json({ enableWebinarBanner: true, webinarRegistrationUrl: url }),
      ),
    )
    const user = userEvent.setup()
    renderApp({ user: buildUser() })
    // The person dismisses it once the page is there (a page still loading replaces its <main> when it comes).
    await screen.findByRole('heading', { level: 1 })
    await user.click(await screen.findByRole('button', { name: 'Dismiss the webinar banner' }))
    expect(screen.queryByRole('complementary', { name: 'Webinar' })).not.toBeInTheDocument()
    expect(document.getElementById('main')).toHaveFocus()

    // The next page load in the same session: still dismissed.
    cleanup()
    renderApp({ user: buildUser() })
    await screen.findByRole('navigation', { name: 'Main' })
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByRole('complementary', { name: 'Webinar' })).not.toBeInTheDocument()

    // Another webinar: shown again.
    cleanup()
    url = 'https://events.example.org/next-one'
    renderApp({ user: buildUser() })
    expect(await screen.findByRole('link', { name: /Free live webinar/ })).toHaveAttribute('href', url)
    sessionStorage.clear()
  })

  it('stays hidden when the flag is off', async () => {
    server.use(
      http.get('/api/config/feature-flags', () =>
        HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: URL }),
      ),
    )
    renderApp({ user: buildUser() })
    await screen.findByRole('navigation', { name: 'Main' })
    // Time for the flags to arrive and render (nothing), inside act as React asks.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByRole('complementary', { name: 'Webinar' })).not.toBeInTheDocument()
  })

  it('stays hidden when the flags cannot be loaded', async () => {
    let calls = 0
    server.use(
      http.get('/api/config/feature-flags', () => {
        calls += 1
        return HttpResponse.json({ message: 'down' }, { status: 500 })
      }),
    )
    renderApp({ user: buildUser() })
    await screen.findByRole('navigation', { name: 'Main' })
    await vi.waitFor(() => expect(calls).toBe(1))
    expect(screen.queryByRole('complementary', { name: 'Webinar' })).not.toBeInTheDocument()
  })

  it('is never asked for when signed out', async () => {
    renderApp()
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('complementary', { name: 'Webinar' })).not.toBeInTheDocument()
  })
})
