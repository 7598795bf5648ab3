import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { buildUser } from './factories'
import { profileServer } from './profile-fixtures'
import { renderApp } from './render'

describe('a buyer who wants to sell', () => {
  it('is led from "I want to sell" to the Roles tab, told why, and can go on to list a deal', async () => {
    const user = userEvent.setup()
    const me = buildUser({ roles: ['buyer'], role: 'buyer' })
    profileServer({ me })
    const { router } = renderApp({ path: '/', user: me })

    await user.click(await screen.findByRole('link', { name: 'I want to sell' }))
    expect(await screen.findByRole('tab', { name: 'Roles', selected: true })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/profile')
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('roles')
    expect(await screen.findByText(/To list a deal, turn on the Seller role/)).toBeInTheDocument()

    await user.click(await screen.findByRole('switch', { name: 'Seller' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    const list = await screen.findByRole('link', { name: 'List a deal' })
    expect(list).toHaveAttribute('href', '/deals/new')
  })

  it('opening /deals/new directly is offered the same way, not an access-denied page', async () => {
    const me = buildUser({ roles: ['buyer'], role: 'buyer' })
    profileServer({ me })
    const { router } = renderApp({ path: '/deals/new', user: me })

    expect(await screen.findByText(/To list a deal, turn on the Seller role/)).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Roles', selected: true })).toBeInTheDocument()
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
