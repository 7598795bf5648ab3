import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { buildUser } from './factories'
import { initTestI18n } from './i18n'
import { buildPreferences, profileServer } from './profile-fixtures'
import { renderApp } from './render'

/* The preferences form's radius: a ZIP code and miles around it, both or neither (issue 25, place). */

const SAVE = { name: 'Save preferences' }
// The profile page is a lazy chunk: its first render can take seconds on a busy machine.
const SLOW = { timeout: 30_000 }
const PAGE_LOAD = { timeout: 20_000 }

async function openPreferences() {
  const me = buildUser()
  const api = profileServer({ me, preferences: buildPreferences({ state: 'AZ', city: 'Phoenix' }) })
  renderApp({ path: '/profile?tab=preferences', user: me })
  const zip = await screen.findByRole('textbox', { name: 'Search radius from ZIP code' }, PAGE_LOAD)
  const miles = screen.getByRole('textbox', { name: 'Radius in miles' })
  return { api, zip, miles }
}

describe('the preferences radius', () => {
  it('asks for the ZIP code when only miles are given, keeping the miles', SLOW, async () => {
    const user = userEvent.setup()
    const { api, zip, miles } = await openPreferences()
    await user.type(miles, '30')
    await user.click(screen.getByRole('button', SAVE))

    expect(zip).toHaveAccessibleDescription(expect.stringContaining('Enter the ZIP code your radius is measured from'))
    expect(zip).toHaveAttribute('aria-invalid', 'true')
    expect(miles).toHaveValue('30')
    expect(api.requests.preferences).toHaveLength(0)
  })

  it('asks for the miles when only the ZIP code is given, keeping the ZIP code', SLOW, async () => {
    const user = userEvent.setup()
    const { api, zip, miles } = await openPreferences()
    await user.type(zip, '85004')
    await user.click(screen.getByRole('button', SAVE))

    expect(miles).toHaveAccessibleDescription('Enter how many miles around the ZIP code')
    expect(miles).toHaveAttribute('aria-invalid', 'true')
    expect(zip).toHaveValue('85004')
    expect(api.requests.preferences).toHaveLength(0)
  })

  it('refuses more miles than allowed, then saves both', SLOW, async () => {
    const user = userEvent.setup()
    const { api, zip, miles } = await openPreferences()
    await user.type(zip, '85004')
    await user.type(miles, '900')
    await user.click(screen.getByRole('button', SAVE))
    expect(miles).toHaveAccessibleDescription('Must be at most 250.')
    expect(miles).toHaveValue('900')
    expect(api.requests.preferences).toHaveLength(0)

    await user.clear(miles)
    await user.type(miles, '30')
    await user.click(screen.getByRole('button', SAVE))
    expect(await screen.findByText('Your preferences were saved.')).toBeInTheDocument()
    expect(api.requests.preferences).toEqual([expect.objectContaining({ radiusZip: '85004', radiusMiles: 30 })])
  })

  it('saves neither', SLOW, async () => {
    const user = userEvent.setup()
    const { api } = await openPreferences()
    await user.click(screen.getByRole('button', SAVE))
    expect(await screen.findByText('Your preferences were saved.')).toBeInTheDocument()
    expect(api.requests.preferences).toEqual([expect.objectContaining({ radiusZip: null, radiusMiles: null })])
  })

  it('says it in Spanish', SLOW, async () => {
    await initTestI18n('es')
    const user = userEvent.setup()
    const me = buildUser({ languagePreference: 'es' })
    profileServer({ me, preferences: buildPreferences({ state: 'AZ', city: 'Phoenix' }) })
    renderApp({ path: '/profile?tab=preferences', user: me })
    const miles = await screen.findByRole('textbox', { name: 'Radio en millas' }, PAGE_LOAD)
    await user.type(miles, '30')
    await user.click(screen.getByRole('button', { name: 'Guardar preferencias' }))
    expect(screen.getByRole('textbox', { name: 'Radio de búsqueda desde el código postal' })).toHaveAccessibleDescription(
      expect.stringContaining('Indica el código postal desde el que se mide tu radio'),
    )
    expect(miles).toHaveValue('30')
  })
})
