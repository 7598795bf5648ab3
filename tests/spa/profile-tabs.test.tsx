import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Role } from '@/contract'
import { buildUser } from './factories'
import { profileServer } from './profile-fixtures'
import { renderApp } from './render'

const tabNames = async () =>
  within(await screen.findByRole('tablist', { name: 'Profile sections' }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent)

describe('profile tabs', () => {
  it.each([
    [['buyer'], ['Profile', 'Buy box', 'Buyer preferences', 'Company', 'Security', 'Roles']],
    [
      ['originator'],
      ['Profile', 'Seller preferences', 'Company', 'Security', 'Roles', 'Team invitations', 'Integrations'],
    ],
    [['owner'], ['Profile', 'Buy box', 'Company', 'Security', 'Roles', 'Team invitations', 'Integrations']],
    [
      ['admin'],
      [
        'Profile',
        'Buy box',
        'Buyer preferences',
        'Seller preferences',
        'Company',
        'Security',
        'Roles',
        'Team invitations',
        'Integrations',
      ],
    ],
  ] as [Role[], string[]][])('shows %j the tabs %j', async (roles, expected) => {
    const me = buildUser({ roles, role: roles[0] })
    profileServer({ me })
    renderApp({ path: '/profile', user: me })
    expect(await tabNames()).toEqual(expected)
  })

  it('falls back to the role tab for a tab the user cannot see', async () => {
    const me = buildUser({ roles: ['originator'], role: 'originator' })
    profileServer({ me })
    const { router } = renderApp({ path: '/profile?tab=preferences', user: me })
    expect(await screen.findByRole('tab', { name: 'Seller preferences', selected: true })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?tab=seller-preferences')
  })

  it('puts the chosen tab in the URL and moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup()
    const me = buildUser()
    profileServer({ me })
    const { router } = renderApp({ path: '/profile?tab=security', user: me })

    const security = await screen.findByRole('tab', { name: 'Security', selected: true })
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Company' }))
    expect(router.state.location.search).toBe('?tab=company')
    expect(await screen.findByRole('textbox', { name: 'Company name' })).toBeInTheDocument()

    act(() => security.focus())
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Roles' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(router.state.location.search).toBe('?tab=roles')
  })
})
