import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { buildUser } from './factories'
import { profileServer } from './profile-fixtures'
import { renderApp } from './render'

const image = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type })

describe('company tab', () => {
  it('states the logo limits and refuses a wrong type or a file over 500KB before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const me = buildUser({ roles: ['originator'], role: 'originator' })
    const api = profileServer({ me })
    renderApp({ path: '/profile?tab=company', user: me })

    const input = await screen.findByLabelText('Company logo')
    expect(input).toHaveAccessibleDescription('At most 500KB, JPEG, PNG or WebP.')

    await user.upload(input, image('logo.gif', 'image/gif', 1000))
    let alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Invalid file type')
    expect(alert).toHaveTextContent('Choose a JPEG, PNG or WebP image.')
    expect(input).toHaveAttribute('aria-invalid', 'true')

    await user.upload(input, image('logo.png', 'image/png', 500 * 1024 + 1))
    alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('File too large')
    expect(alert).toHaveTextContent('Choose an image of 500KB or less.')
    expect(screen.queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument()
    expect(api.requests.uploads).toEqual([])
  })

  it('previews an accepted logo and uploads it when confirmed', async () => {
    const createObjectURL = vi.fn(() => 'blob:logo-preview')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    const user = userEvent.setup()
    const me = buildUser({ companyName: 'Lopez Homes' })
    const api = profileServer({ me })
    renderApp({ path: '/profile?tab=company', user: me })

    await user.upload(await screen.findByLabelText('Company logo'), image('logo.webp', 'image/webp', 2000))
    expect(screen.getByRole('img', { name: 'Preview: Logo of Lopez Homes' })).toHaveAttribute(
      'src',
      'blob:logo-preview',
    )
    await user.click(screen.getByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('Your company logo was updated.')).toBeInTheDocument()
    expect(api.requests.uploads).toEqual(['logo'])
    vi.unstubAllGlobals()
  })

  it('saves company details along with the unchanged name and phone', async () => {
    const user = userEvent.setup()
    const me = buildUser({ firstName: 'Ana', lastName: 'Diaz', phoneNumber: '5125550123' })
    const api = profileServer({ me })
    renderApp({ path: '/profile?tab=company', user: me })

    await user.type(await screen.findByRole('textbox', { name: 'Company name' }), 'Diaz Capital')
    await user.type(screen.getByRole('textbox', { name: 'Company email' }), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(screen.getByRole('textbox', { name: 'Company email' })).toHaveAccessibleDescription(
      'Enter a valid email address.',
    )
    expect(api.requests.profile).toEqual([])

    await user.clear(screen.getByRole('textbox', { name: 'Company email' }))
    await user.type(screen.getByRole('textbox', { name: 'Company email' }), 'deals@diaz.example')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Your company details were updated.')).toBeInTheDocument()
    expect(api.requests.profile).toEqual([
      expect.objectContaining({
        firstName: 'Ana',
        lastName: 'Diaz',
        phoneNumber: '5125550123',
        companyName: 'Diaz Capital',
        companyEmail: 'deals@diaz.example',
        companyPhone: null,
      }),
    ])
  })
})

describe('profile tab', () => {
  it('shows the phone formatted and puts server field messages next to the field', async () => {
    const user = userEvent.setup()
    const me = buildUser({ phoneNumber: '5125550123' })
    profileServer({
      me,
      fail: {
        updateProfile: {
          status: 400,
          body: { message: 'Some of the information you sent is not valid.', fields: { lastName: 'Too long.' } },
        },
      },
    })
    renderApp({ path: '/profile?tab=profile', user: me })

    const phone = await screen.findByRole('textbox', { name: /Phone number/ })
    expect(phone).toHaveValue('(512) 555-0123')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('textbox', { name: /Last name/ })).toHaveAccessibleDescription('Too long.')
    expect(screen.getByText('Profile update failed')).toBeInTheDocument()
  })
})

describe('security tab', () => {
  it('checks the new password against the policy and the confirmation, without calling the identity provider', async () => {
    const user = userEvent.setup()
    const me = buildUser()
    profileServer({ me })
    renderApp({ path: '/profile?tab=security', user: me })

    await user.click(await screen.findByRole('button', { name: 'Change password' }))
    expect(screen.getByLabelText(/Current password/)).toHaveAccessibleDescription('Enter your current password.')

    await user.type(screen.getByLabelText(/Current password/), 'OldPass1!')
    await user.type(screen.getByLabelText(/^New password/), 'NewPass1!')
    await user.type(screen.getByLabelText(/Confirm new password/), 'NewPass2!')
    const policy = screen.getByRole('list', { name: 'Password requirements' })
    expect(within(policy).getAllByText(/\(met\)/)).toHaveLength(5)
    await user.click(screen.getByRole('button', { name: 'Change password' }))

    expect(screen.getByLabelText(/Confirm new password/)).toHaveAccessibleDescription('Passwords do not match.')
    expect(screen.getByLabelText(/Current password/)).toHaveValue('OldPass1!')
    expect(screen.getByLabelText(/^New password/)).toHaveValue('NewPass1!')
  })
})

describe('role management', () => {
  it('keeps at least one role and lets a seller add the buyer role', async () => {
    const user = userEvent.setup()
    const me = buildUser({ roles: ['originator'], role: 'originator' })
    const api = profileServer({ me })
    renderApp({ path: '/profile?tab=roles', user: me })

    const seller = await screen.findByRole('switch', { name: 'Seller' })
    const buyer = screen.getByRole('switch', { name: 'Buyer' })
    expect(seller).toBeChecked()
    expect(seller).toHaveAttribute('aria-disabled', 'true')
    expect(seller).toHaveAccessibleDescription('Keep at least one role: turn the other one on first.')
    await user.click(seller)
    expect(seller).toBeChecked()

    await user.click(buyer)
    expect(buyer).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Your roles were updated.')).toBeInTheDocument()
    expect(api.requests.roles).toEqual([{ roles: ['buyer', 'originator'] }])
    expect(await screen.findByRole('tab', { name: 'Buyer preferences' })).toBeInTheDocument()
  }, 20_000)

  it('offers a buyer no seller switch: seller access is requested', async () => {
    const me = buildUser({ roles: ['buyer'], role: 'buyer' })
    profileServer({ me })
    renderApp({ path: '/profile?tab=roles', user: me })
    expect(await screen.findByRole('heading', { name: 'Request seller access' })).toBeInTheDocument()
    expect(screen.queryByRole('switch', { name: 'Seller' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument()
  })

  it('shows owner and admin as granted roles that cannot be changed here', async () => {
    const me = buildUser({ roles: ['owner', 'buyer'], role: 'owner' })
    profileServer({ me })
    renderApp({ path: '/profile?tab=roles', user: me })
    expect(await screen.findByText('Roles granted by an administrator')).toBeInTheDocument()
    expect(screen.getByText('Owner')).toBeInTheDocument()
    expect(screen.queryByRole('switch', { name: 'Owner' })).not.toBeInTheDocument()
  })

  it('says so when role management cannot be loaded, and retries', async () => {
    const user = userEvent.setup()
    const me = buildUser()
    profileServer({ me, fail: { getRoles: { status: 500, body: { message: 'boom' } } } })
    renderApp({ path: '/profile?tab=roles', user: me })
    expect(await screen.findByText('Role management could not be loaded')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Role management could not be loaded')).toBeInTheDocument()
  })
})
