import { screen, within } from '@testing-library/react'
import { buildUser } from './factories'
import { profileServer } from './profile-fixtures'
import { renderApp } from './render'

const where = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`

describe('profile completion guard', () => {
  it('sends an incomplete buyer to the preferences tab with the toast, and keeps the way back', async () => {
    const me = buildUser({ roles: ['buyer'], role: 'buyer', profileComplete: false, profileCompleted: false })
    profileServer({ me })
    const { router } = renderApp({ path: '/deals?state=TX', user: me })

    expect(await screen.findByText('Complete Your Profile')).toBeInTheDocument()
    expect(
      screen.getByText('Please complete your profile before accessing other parts of the application.'),
    ).toBeInTheDocument()
    expect(await screen.findByRole('tab', { name: 'Buyer preferences', selected: true })).toBeInTheDocument()
    expect(where(router)).toBe('/profile?tab=preferences&next=%2Fdeals%3Fstate%3DTX')
  })

  it('sends a seller missing a phone number to the profile tab, from the home page too', async () => {
    const me = buildUser({ roles: ['originator'], role: 'originator', phoneNumber: null, profileComplete: false })
    profileServer({ me })
    const { router } = renderApp({ path: '/', user: me })

    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument()
    expect(where(router)).toBe('/profile?tab=profile')
    expect(screen.getByText('Complete Your Profile')).toBeInTheDocument()
    const prompt = screen.getByRole('region', { name: 'Finish setting up your profile' })
    expect(within(prompt).getByRole('link', { name: 'Add your phone number' })).toHaveAttribute(
      'href',
      '/profile?tab=profile',
    )
  })

  it('opens /profile without a tab on the role tab of an incomplete owner, without a toast', async () => {
    const me = buildUser({ roles: ['owner'], role: 'owner', profileComplete: false })
    profileServer({ me })
    const { router } = renderApp({ path: '/profile', user: me })

    expect(await screen.findByRole('tab', { name: 'Buy box', selected: true })).toBeInTheDocument()
    expect(where(router)).toBe('/profile?tab=buybox')
    expect(screen.queryByText('Complete Your Profile')).not.toBeInTheDocument()
    const prompt = screen.getByRole('region', { name: 'Finish setting up your profile' })
    expect(await within(prompt).findByRole('link', { name: 'Set up your buy box' })).toBeInTheDocument()
  })

  it('lets an incomplete user read the terms', async () => {
    const me = buildUser({ profileComplete: false })
    profileServer({ me })
    const { router } = renderApp({ path: '/terms', user: me })
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument()
    expect(where(router)).toBe('/terms')
  })

  it('leaves admins where they are', async () => {
    const me = buildUser({ roles: ['admin'], role: 'admin', phoneNumber: null, profileComplete: false })
    profileServer({ me })
    const { router } = renderApp({ path: '/', user: me })
    expect(await screen.findByRole('heading', { level: 1, name: /terms that work/ })).toBeInTheDocument()
    expect(where(router)).toBe('/')
    expect(screen.queryByText('Complete Your Profile')).not.toBeInTheDocument()
  })

  it('opens a complete profile on its details, with no prompt', async () => {
    const me = buildUser({ roles: ['owner'], role: 'owner' })
    profileServer({ me })
    const { router } = renderApp({ path: '/profile', user: me })
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument()
    expect(where(router)).toBe('/profile')
    expect(screen.queryByRole('region', { name: 'Finish setting up your profile' })).not.toBeInTheDocument()
  })
})
