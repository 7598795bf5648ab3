import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { buildUser } from './factories'
import { profileServer } from './profile-fixtures'
import { renderApp } from './render'

const zips = (count: number, from = 10001) => Array.from({ length: count }, (_, i) => String(from + i))

describe('buy box', () => {
  it('requires a type and refuses a 51st ZIP code, keeping the rest', async () => {
    const user = userEvent.setup()
    const me = buildUser({ roles: ['owner'], role: 'owner', profileComplete: false })
    const api = profileServer({ me })
    renderApp({ path: '/profile?tab=buybox', user: me })

    const zip = await screen.findByRole('textbox', { name: 'ZIP codes' })
    await user.click(zip)
    await user.paste(zips(50).join(' '))
    await user.keyboard('{Enter}')
    expect(screen.getByText('50 of 50 ZIP codes')).toBeInTheDocument()
    await user.type(zip, '20001{Enter}')
    expect(zip).toHaveAccessibleDescription(expect.stringContaining('A buy box can hold at most 50 ZIP codes.'))

    await user.clear(zip)
    await user.type(screen.getByRole('textbox', { name: 'Minimum price (USD)' }), '300,000')
    await user.type(screen.getByRole('textbox', { name: 'Maximum price (USD)' }), '200000')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(screen.getByRole('group', { name: 'Deal type' })).toHaveAccessibleDescription('Choose a buy box type.')
    expect(screen.getByRole('textbox', { name: 'Maximum price (USD)' })).toHaveAccessibleDescription(
      'The maximum price must be at least the minimum price.',
    )
    expect(api.requests.buyBox).toEqual([])

    await user.click(screen.getByRole('radio', { name: 'Creative deals' }))
    await user.clear(screen.getByRole('textbox', { name: 'Maximum price (USD)' }))
    await user.type(screen.getByRole('textbox', { name: 'Maximum price (USD)' }), '450000')
    api.state.me = { ...me, profileComplete: true, profileCompleted: true }
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Your buy box was updated.')).toBeInTheDocument()
    expect(api.requests.buyBox).toEqual([
      expect.objectContaining({ type: 'creative', zipCodes: zips(50), minPrice: 300000, maxPrice: 450000 }),
    ])
    expect(screen.queryByRole('region', { name: 'Finish setting up your profile' })).not.toBeInTheDocument()
  })
})
