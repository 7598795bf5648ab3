import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SellerRequest } from '@/contract'
import { buildUser } from './factories'
import { initTestI18n } from './i18n'
import { profileServer } from './profile-fixtures'
import { renderApp } from './render'

/* Profile → Roles: a buyer's request for seller access, its form and its status. */
const buyer = () =>
  buildUser({ roles: ['buyer'], role: 'buyer', companyName: null, companyPhone: null, phoneNumber: null })

const declined: SellerRequest = {
  id: 'request-1',
  companyName: 'Desert Deals LLC',
  phone: '6025550142',
  sells: 'Wholesale homes',
  note: null,
  status: 'declined',
  reason: 'Please add a company website.',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: '2026-11-21T10:00:00.000Z',
}

describe('requesting seller access', () => {
  it('says what is missing before sending anything', async () => {
    const user = userEvent.setup()
    const { requests } = profileServer({ me: buyer() })
    renderApp({ path: '/profile?tab=roles', user: buyer() })
    // The first page of the file loads its code: a slower start than the tests after it.
    await user.click(await screen.findByRole('button', { name: 'Request seller access' }, { timeout: 15_000 }))
    expect(await screen.findByLabelText(/Company name/)).toHaveAccessibleDescription('This field is required.')
    expect(screen.getByLabelText(/Phone/)).toHaveAccessibleDescription('Enter a valid 10-digit phone number.')
    expect(screen.getByLabelText(/What you sell/)).toHaveAccessibleDescription(
      /Deal types and markets.*This field is required\./,
    )
    expect(requests.sellerRequests).toEqual([])
  }, 20_000)

  it('keeps what was typed when the server refuses it, with its field message or its reason', async () => {
    const user = userEvent.setup()
    const { requests } = profileServer({
      me: buyer(),
      fail: {
        createSellerRequest: {
          status: 400,
          body: { message: 'Invalid input', code: 'invalid_input', fields: { phone: 'Enter a valid phone number.' } },
        },
      },
    })
    renderApp({ path: '/profile?tab=roles', user: buyer() })
    await user.type(await screen.findByLabelText(/Company name/), 'Desert Deals LLC')
    await user.type(screen.getByLabelText(/Phone/), '602 555 0142')
    await user.type(screen.getByLabelText(/What you sell/), 'Wholesale homes')
    await user.type(screen.getByLabelText(/Note/), 'Ten a month')
    await user.click(screen.getByRole('button', { name: 'Request seller access' }))

    expect(await screen.findByText('Enter a valid phone number.')).toBeVisible()
    expect(requests.sellerRequests).toHaveLength(1)
    expect(screen.getByLabelText(/Company name/)).toHaveValue('Desert Deals LLC')
    expect(screen.getByLabelText(/What you sell/)).toHaveValue('Wholesale homes')
    expect(screen.getByLabelText(/Note/)).toHaveValue('Ten a month')
  }, 20_000)

  it('shows a refusal without fields above the button, the form as it was', async () => {
    const user = userEvent.setup()
    profileServer({
      me: buyer(),
      fail: {
        createSellerRequest: {
          status: 409,
          body: { message: 'You already have a seller access request under review.', code: 'seller_request_pending' },
        },
      },
    })
    renderApp({ path: '/profile?tab=roles', user: buyer() })
    await user.type(await screen.findByLabelText(/Company name/), 'Desert Deals LLC')
    await user.type(screen.getByLabelText(/Phone/), '6025550142')
    await user.type(screen.getByLabelText(/What you sell/), 'Wholesale homes')
    await user.click(screen.getByRole('button', { name: 'Request seller access' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have a seller access request under review.')
    expect(screen.getByLabelText(/Company name/)).toHaveValue('Desert Deals LLC')
  }, 20_000)

  it('after a decline shows the reason, and lets the buyer ask again with what they sent', async () => {
    const user = userEvent.setup()
    const { requests } = profileServer({ me: buyer(), sellerRequest: declined })
    renderApp({ path: '/profile?tab=roles', user: buyer() })
    const heading = await screen.findByText('Your request was declined')
    const status = heading.closest('[role="status"]') as HTMLElement
    expect(heading).toBeVisible()
    expect(within(status).getByText('Please add a company website.')).toBeVisible()

    await user.click(within(status).getByRole('button', { name: 'Ask again' }))
    expect(screen.getByLabelText(/Company name/)).toHaveValue('Desert Deals LLC')
    expect(screen.getByLabelText(/Phone/)).toHaveValue('(602) 555-0142')
    await user.type(screen.getByLabelText(/Note/), 'Site: desertdeals.example')
    await user.click(screen.getByRole('button', { name: 'Request seller access' }))
    expect(await screen.findByText('Your request is under review')).toBeVisible()
    expect(requests.sellerRequests[0]).toMatchObject({
      companyName: 'Desert Deals LLC',
      note: 'Site: desertdeals.example',
    })
  }, 20_000)

  it('speaks Spanish', async () => {
    await initTestI18n('es')
    const me = buildUser({ roles: ['buyer'], role: 'buyer', languagePreference: 'es' })
    profileServer({ me, sellerRequest: { ...declined, status: 'pending', reason: null, decidedAt: null } })
    renderApp({ path: '/profile?tab=roles&intent=sell', user: me })
    expect(await screen.findByText('Tu solicitud está en revisión')).toBeVisible()
    expect(screen.getByText(/Para publicar una propiedad necesitas acceso de vendedor/)).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Acceso de vendedor' })).toBeVisible()
  })
})
