import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18n from 'i18next'
import { http, HttpResponse } from 'msw'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

const flagsOff = () =>
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
  )

describe('language switcher', () => {
  it('switches the page to Spanish at once when signed out, saving nothing on the server', async () => {
    const user = userEvent.setup()
    renderApp()
    const header = await screen.findByRole('banner')
    await user.selectOptions(within(header).getByRole('combobox', { name: 'Language' }), 'es')
    expect(await screen.findByRole('heading', { level: 1, name: /condiciones que funcionan/ })).toBeInTheDocument()
    expect(within(header).getByRole('link', { name: 'Entrar' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('es')
    // No request was made: MSW fails the test on any unhandled request.
  })

  it('names the page language by its code alone when the browser asks for a regional one (es-MX → es)', async () => {
    renderApp()
    await screen.findByRole('banner')
    await act(() => i18n.changeLanguage('es-MX'))
    await waitFor(() => expect(document.documentElement.lang).toBe('es'))
    await act(() => i18n.changeLanguage('en-US'))
    await waitFor(() => expect(document.documentElement.lang).toBe('en'))
  })

  it('saves a signed-in choice and confirms it in the new language', async () => {
    let saved: unknown
    flagsOff()
    server.use(
      http.post('/api/auth/update-language', async ({ request }) => {
        saved = await request.json()
        return HttpResponse.json(buildUser({ languagePreference: 'es' }))
      }),
    )
    const user = userEvent.setup()
    renderApp({ user: buildUser({ firstName: 'Ana' }) })
    const footer = await screen.findByRole('contentinfo')
    await user.selectOptions(within(footer).getByRole('combobox', { name: 'Language' }), 'es')
    const status = await screen.findByText('Idioma cambiado a Español')
    expect(status).toBeInTheDocument()
    expect(screen.getByText('Idioma actualizado')).toBeInTheDocument()
    expect(saved).toEqual({ languagePreference: 'es' })
  })

  it('tells a signed-in user when saving fails, keeping the new language on screen', async () => {
    flagsOff()
    server.use(http.post('/api/auth/update-language', () => HttpResponse.json({ message: 'boom' }, { status: 500 })))
    const user = userEvent.setup()
    renderApp({ user: buildUser() })
    const footer = await screen.findByRole('contentinfo')
    await user.selectOptions(within(footer).getByRole('combobox', { name: 'Language' }), 'es')
    expect(await screen.findByText('No se pudo actualizar la preferencia de idioma')).toBeInTheDocument()
    expect(within(footer).getByRole('link', { name: 'Términos del servicio' })).toBeInTheDocument()
    // Told once: the app's catch-all message for failed saves stays away.
    expect(screen.queryByText('Algo salió mal')).not.toBeInTheDocument()
  })
})
