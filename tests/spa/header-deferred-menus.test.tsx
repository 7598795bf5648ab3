import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

/**
 * The header's menus load after the first paint behind plain stand-in buttons (src/app/layout/header.tsx).
 * Each menu's code is held back here until the test lets it through, so the stand-in is what the user
 * meets first. (The loaded code stays loaded for the rest of this file: one menu per test.)
 */
const gates = vi.hoisted(() => {
  const gate = () => {
    let open: () => void = () => {}
    const promise = new Promise<void>((resolve) => (open = resolve))
    return { promise, open }
  }
  return { account: gate(), mobile: gate(), bell: gate() }
})

vi.mock('@/app/layout/account-menu', async (importOriginal) => {
  await gates.account.promise
  return importOriginal()
})
vi.mock('@/app/layout/mobile-menu', async (importOriginal) => {
  await gates.mobile.promise
  return importOriginal()
})
vi.mock('@/features/chat/notification-bell', async (importOriginal) => {
  await gates.bell.promise
  return importOriginal()
})

const ana = () => buildUser({ firstName: 'Ana', lastName: 'Diaz', role: 'buyer', roles: ['buyer'] })

describe('header menus before their code has arrived', () => {
  beforeEach(() =>
    server.use(
      http.get('/api/config/feature-flags', () =>
        HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
      ),
    ),
  )

  it('opens the account menu on the first Enter, on the first item, once its code arrives', async () => {
    const user = userEvent.setup()
    renderApp({ path: '/terms', user: ana() })
    const standIn = await screen.findByRole('button', { name: 'Account menu for Ana Diaz' })
    expect(standIn).toHaveAttribute('aria-haspopup', 'menu')
    expect(standIn).toHaveAttribute('aria-expanded', 'false')
    standIn.focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()

    await act(async () => gates.account.open())
    const menu = await screen.findByRole('menu')
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus())
    await user.keyboard('{ArrowDown}')
    expect(within(menu).getByRole('menuitem', { name: 'Conversations' })).toHaveFocus()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Account menu for Ana Diaz' })).toHaveFocus()
  })

  it('opens the mobile panel on a click made before its code arrived', async () => {
    const user = userEvent.setup()
    renderApp({ path: '/terms', user: ana() })
    await user.click(await screen.findByRole('button', { name: 'Ana' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await act(async () => gates.mobile.open())
    const panel = await screen.findByRole('dialog', { name: 'Menu' })
    expect(within(panel).getByRole('link', { name: 'Profile' })).toBeInTheDocument()
  })

  it('hands the keyboard focus from the stand-in bell to the real one when its code arrives', async () => {
    const user = userEvent.setup()
    renderApp({ path: '/terms', user: ana() })
    const standIn = await screen.findByRole('button', { name: /^Notifications/ })
    standIn.focus()

    await act(async () => gates.bell.open())
    await waitFor(() => expect(standIn).not.toBeInTheDocument())
    const bell = screen.getByRole('button', { name: /^Notifications/ })
    expect(bell).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(await screen.findByRole('menu')).toBeInTheDocument()
  })
})
