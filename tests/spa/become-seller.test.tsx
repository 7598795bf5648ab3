import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { buildUser } from './factories'
import { profileServer } from './profile-fixtures'
import { renderApp } from './render'

/*
 * Spec §6: a buyer does not make themselves a seller. "I want to sell" and /deals/new lead a buyer to the
 * request for seller access, which an admin reviews.
 */
describe('a buyer who wants to sell', () => {
  it('is led from "I want to sell" to the Roles tab, told seller access is reviewed, and asks for it', async () => {
    const user = userEvent.setup()
    const me = buildUser({ roles: ['buyer'], role: 'buyer', companyName: null, phoneNumber: '6025550100' })
    const { requests } = profileServer({ me })
    const { router } = renderApp({ path: '/', user: me })

    await user.click(await screen.findByRole('link', { name: 'I want to sell' }))
    expect(await screen.findByRole('tab', { name: 'Roles', selected: true })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/profile')
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('roles')
    expect(await screen.findByText(/To list a deal you need seller access. Seller access is reviewed/)).toBeVisible()
    // No switch turns a buyer into a seller any more.
    expect(screen.queryByRole('switch', { name: 'Seller' })).not.toBeInTheDocument()

    await user.type(await screen.findByLabelText(/Company name/), 'Desert Deals LLC')
    expect(screen.getByLabelText(/Phone/)).toHaveValue('(602) 555-0100')
    await user.type(screen.getByLabelText(/What you sell/), 'Wholesale homes in Phoenix')
    await user.click(screen.getByRole('button', { name: 'Request seller access' }))

    expect(await screen.findByText('Your request is under review')).toBeVisible()
    expect(screen.getByText(/You asked for seller access for Desert Deals LLC/)).toBeVisible()
    expect(requests.sellerRequests).toEqual([
      { companyName: 'Desert Deals LLC', phone: '6025550100', sells: 'Wholesale homes in Phoenix', note: null },
    ])
    expect(requests.roles).toEqual([])
  }, 20_000)

  it('opening /deals/new directly is offered the same way, not an access-denied page', async () => {
    const me = buildUser({ roles: ['buyer'], role: 'buyer' })
    profileServer({ me })
    const { router } = renderApp({ path: '/deals/new', user: me })

    expect(await screen.findByText(/To list a deal you need seller access/)).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Roles', selected: true })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Request seller access' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Access denied' })).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/profile')
  })

  it('a seller still goes straight to the listing form from "I want to sell"', async () => {
    const me = buildUser({ roles: ['originator'], role: 'originator' })
    profileServer({ me })
    renderApp({ path: '/', user: me })
    expect(await screen.findByRole('link', { name: 'I want to sell' })).toHaveAttribute('href', '/deals/new')
  })
})
