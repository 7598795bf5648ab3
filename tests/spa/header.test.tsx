import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { browseServer } from './deals-browse-fixtures'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

const flagsOff = () =>
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
  )

describe('header', () => {
  it('offers language, Login and Sign up when signed out, and no navigation', async () => {
    renderApp()
    const banner = await screen.findByRole('banner')
    expect(within(banner).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth')
    expect(within(banner).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
    expect(within(banner).getByRole('combobox', { name: 'Language' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
  })

  it('shows a buyer Listings and Help only', async () => {
    flagsOff()
    renderApp({ user: buildUser({ role: 'buyer', roles: ['buyer'] }) })
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Listings', 'Help'])
  })

  it('shows a seller Dashboard, Listings, Buyers, Owners Club and Help', async () => {
    flagsOff()
    renderApp({ user: buildUser({ role: 'originator', roles: ['originator'] }) })
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Listings', 'Buyers', 'Owners Club', 'Help'])
  })

  it('counts a cognito group with a trailing s as the role', async () => {
    flagsOff()
    renderApp({ user: buildUser({ role: 'buyer', roles: ['buyer'], cognitoGroups: ['owners'] }) })
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Owners Club' })).toBeInTheDocument()
  })

  it('highlights Listings on the /listings alias path', async () => {
    flagsOff()
    // The help centre the test navigates to, empty.
    server.use(
      http.get('/api/help/articles', () =>
        HttpResponse.json({ categories: [], articles: [], popular: [], questions: [] }),
      ),
      http.get('/api/help-questions', () => HttpResponse.json({ questions: [] })),
    )
    // The deals page /listings shows, with no deal (its code may already be loaded by an earlier file).
    browseServer({ answer: () => ({ items: [] }) })
    const { router } = renderApp({ path: '/listings', user: buildUser() })
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Listings' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Help' })).not.toHaveAttribute('aria-current')
    act(() => void router.navigate('/help'))
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'page'))
    // The help page (a lazy chunk) and the header settle before the test ends.
    await screen.findByRole('heading', { level: 1 })
    expect(within(nav).getByRole('link', { name: 'Listings' })).not.toHaveAttribute('aria-current')
  })

  it.each(['admin', 'owner'] as const)('lists Admin panel in the account menu for an %s', async (role) => {
    flagsOff()
    const user = userEvent.setup()
    renderApp({ user: buildUser({ firstName: 'Ana', lastName: 'Diaz', role, roles: [role] }) })
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ana Diaz' }))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'My listings', 'Conversations', 'Help Center', 'Admin panel', 'Sign out'])
  })

  it('signs out from the account menu', async () => {
    flagsOff()
    const user = userEvent.setup()
    const { signOut } = renderApp({ user: buildUser({ firstName: 'Ana', lastName: 'Diaz' }) })
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ana Diaz' }))
    expect(within(await screen.findByRole('menu')).queryByText('Admin panel')).not.toBeInTheDocument()
    expect(within(screen.getByRole('menu')).queryByText('My listings')).not.toBeInTheDocument()
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    expect(signOut).toHaveBeenCalledTimes(1)
  })

  it('opens the mobile panel from a button with the first name, or a generic label', async () => {
    flagsOff()
    const user = userEvent.setup()
    renderApp({ user: buildUser({ firstName: 'Ana', role: 'originator', roles: ['originator'] }) })
    await user.click(await screen.findByRole('button', { name: 'Ana' }))
    const panel = await screen.findByRole('dialog', { name: 'Menu' })
    const links = within(panel)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Listings', 'Help Center', 'Profile', 'Conversations']))
    expect(within(panel).getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
  })

  it('labels the mobile button generically when the user has no first name', async () => {
    flagsOff()
    renderApp({ user: buildUser({ firstName: null }) })
    expect(await screen.findByRole('button', { name: 'Menu' })).toBeInTheDocument()
  })
})
