import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { buildUser } from './factories'
import { initTestI18n } from './i18n'
import { buildPreferences, profileServer } from './profile-fixtures'
import { renderApp } from './render'

const incompleteBuyer = () =>
  buildUser({ roles: ['buyer'], role: 'buyer', profileComplete: false, profileCompleted: false })

describe('buyer preferences', () => {
  it('guides a first-time buyer through where, what and budget, then goes back where they were headed', async () => {
    const user = userEvent.setup()
    const me = incompleteBuyer()
    const api = profileServer({ me })
    const { router } = renderApp({ path: '/profile?tab=preferences&next=%2Fdeals%3Fstate%3DTX', user: me })

    expect(await screen.findByRole('heading', { name: "Let's find deals that fit you" })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Step 1 of 3: Where' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('combobox', { name: /State/ })).toHaveAccessibleDescription('This field is required.')
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveAccessibleDescription('This field is required.')

    await user.selectOptions(screen.getByRole('combobox', { name: /State/ }), 'Texas')
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Austin')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Step 2 of 3: What' })).toHaveFocus()
    await user.click(screen.getByRole('checkbox', { name: 'Townhouse' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Step 3 of 3: Budget' })).toHaveFocus()
    await user.type(screen.getByRole('textbox', { name: 'Maximum monthly payment (USD)' }), '$2,500')

    api.state.me = { ...me, profileComplete: true, profileCompleted: true }
    await user.click(screen.getByRole('button', { name: 'Save preferences' }))

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/deals'))
    expect(router.state.location.search).toBe('?state=TX')
    expect(api.requests.preferences).toEqual([
      expect.objectContaining({ state: 'TX', city: 'Austin', propertyTypes: ['townhouse'], maxMonthlyPayment: 2500 }),
    ])
    expect(screen.queryByText('Complete Your Profile')).not.toBeInTheDocument()
  })

  it('keeps a buyer who also sells on the profile while seller preferences are still missing', async () => {
    const user = userEvent.setup()
    const me = buildUser({ roles: ['buyer', 'originator'], role: 'originator', profileComplete: false })
    const api = profileServer({ me })
    const { router } = renderApp({ path: '/profile?tab=preferences', user: me })

    await user.click(await screen.findByRole('button', { name: 'Skip the guide' }))
    await user.selectOptions(screen.getByRole('combobox', { name: /State/ }), 'FL')
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Tampa')
    await user.click(screen.getByRole('button', { name: 'Save preferences' }))

    expect(await screen.findByText('Your preferences were saved.')).toBeInTheDocument()
    expect(api.requests.preferences).toEqual([expect.objectContaining({ state: 'FL', city: 'Tampa' })])
    expect(router.state.location.pathname).toBe('/profile')
    const prompt = screen.getByRole('region', { name: 'Finish setting up your profile' })
    expect(await within(prompt).findByRole('link', { name: 'Tell buyers where and what you sell' })).toHaveAttribute(
      'href',
      '/profile?tab=seller-preferences',
    )
    expect(within(prompt).queryByRole('link', { name: "Tell us what you're looking for" })).not.toBeInTheDocument()
  })

  it('speaks Spanish', async () => {
    await initTestI18n('es')
    const me = incompleteBuyer()
    profileServer({ me })
    renderApp({ path: '/deals', user: me })
    expect(await screen.findByText('Completa tu perfil')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Encontremos propiedades a tu medida' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Saltar la guía' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Nuevo México' })).toBeInTheDocument()
  })

  it('skips to the full form, says state and city are still needed, and keeps what was typed on error', async () => {
    const user = userEvent.setup()
    const me = incompleteBuyer()
    const api = profileServer({ me })
    renderApp({ path: '/profile?tab=preferences', user: me })

    await user.click(await screen.findByRole('button', { name: 'Skip the guide' }))
    expect(screen.getByRole('heading', { name: 'Buyer preferences' })).toHaveFocus()
    expect(screen.getByText(/State and city are required/)).toBeInTheDocument()

    await user.type(screen.getByRole('textbox', { name: 'Maximum down payment or entry fee (USD)' }), '30000')
    await user.type(screen.getByRole('textbox', { name: 'Anything else sellers should know' }), 'Near a park')
    await user.click(screen.getByRole('checkbox', { name: 'Good rental potential' }))
    await user.click(screen.getByRole('button', { name: 'Save preferences' }))

    const state = screen.getByRole('combobox', { name: /State/ })
    expect(state).toHaveAccessibleDescription('This field is required.')
    expect(state).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveAccessibleDescription('This field is required.')
    expect(screen.getByRole('textbox', { name: 'Maximum down payment or entry fee (USD)' })).toHaveValue('30000')
    expect(screen.getByRole('textbox', { name: 'Anything else sellers should know' })).toHaveValue('Near a park')
    expect(screen.getByRole('checkbox', { name: 'Good rental potential' })).toBeChecked()
    expect(api.requests.preferences).toHaveLength(0)
  })

  it('adds ZIP codes as chips, refuses a wrong one without losing it, and stops at 5', async () => {
    const user = userEvent.setup()
    const me = buildUser()
    profileServer({ me, preferences: buildPreferences({ zipCodes: ['78701', '78702'] }) })
    renderApp({ path: '/profile?tab=preferences', user: me })

    const zip = await screen.findByRole('textbox', { name: 'ZIP codes' })
    await user.type(zip, '7870{Enter}')
    expect(zip).toHaveAccessibleDescription(expect.stringContaining('ZIP code must be exactly 5 digits.'))
    expect(zip).toHaveValue('7870')

    await user.clear(zip)
    await user.type(zip, '78703, 78704 78705{Enter}')
    const list = screen.getByRole('list', { name: 'ZIP codes added' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace('×', '')),
    ).toEqual(['78701', '78702', '78703', '78704', '78705'])
    expect(screen.getByText('5 of 5 ZIP codes')).toBeInTheDocument()

    await user.type(zip, '78706{Enter}')
    expect(zip).toHaveAccessibleDescription(expect.stringContaining('Add at most 5 ZIP codes.'))
    expect(zip).toHaveValue('78706')

    await user.click(screen.getByRole('button', { name: 'Remove ZIP code 78702' }))
    expect(zip).toHaveFocus()
    await user.type(zip, '{Enter}')
    expect(within(list).getByText('78706')).toBeInTheDocument()
  })

  it('saves edits of saved preferences in place and tells the user when saving fails', async () => {
    const user = userEvent.setup()
    const me = buildUser()
    const api = profileServer({
      me,
      preferences: buildPreferences(),
      fail: { putPreferences: { status: 500, body: { message: 'boom' } } },
    })
    const { router } = renderApp({ path: '/profile?tab=preferences', user: me })

    const city = await screen.findByRole('textbox', { name: /City/ })
    expect(city).toHaveValue('Austin')
    await user.clear(city)
    await user.type(city, 'Round Rock')
    await user.click(screen.getByRole('button', { name: 'Save preferences' }))

    expect(await screen.findByText('Failed to update buy box or preferences')).toBeInTheDocument()
    expect(city).toHaveValue('Round Rock')
    expect(api.requests.preferences).toEqual([expect.objectContaining({ city: 'Round Rock' })])
    expect(router.state.location.search).toBe('?tab=preferences')
  })
})
