import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import i18n from 'i18next'
import type { AdminSettings } from '@/contract'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

/** GET/PUT /api/admin/settings over in-memory state; an http link is refused as the server does. */
function settingsServer(initial: Partial<AdminSettings> = {}) {
  const state: { settings: AdminSettings } = {
    settings: {
      betaCapacity: 500,
      invitationBatchLimit: 10,
      enableWebinarBanner: false,
      webinarRegistrationUrl: null,
      ...initial,
    },
  }
  const saves: AdminSettings[] = []
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({
        enableWebinarBanner: state.settings.enableWebinarBanner,
        webinarRegistrationUrl: state.settings.webinarRegistrationUrl,
      }),
    ),
    http.get('/api/admin/settings', () => HttpResponse.json(state.settings)),
    // The listing freshness card beside the form (its own endpoint; tests/spa/freshness.test.tsx).
    http.get('/api/admin/settings/listing-freshness', () =>
      HttpResponse.json({ listingStaleAfterDays: 30, listingCancelAfterDays: 45 }),
    ),
    http.put('/api/admin/settings', async ({ request }) => {
      const body = (await request.json()) as AdminSettings
      saves.push(body)
      if (body.webinarRegistrationUrl === 'https://events.example.com/server-refuses') {
        return HttpResponse.json(
          {
            message: 'Invalid input',
            code: 'invalid_input',
            fields: { webinarRegistrationUrl: 'The link must start with https://.' },
          },
          { status: 400 },
        )
      }
      state.settings = body
      return HttpResponse.json(body)
    }),
  )
  return { state, saves }
}

const admin = () => buildUser({ roles: ['admin'], role: 'admin' })

// The first test loads the panel's lazy chunks and namespaces, slow on a busy machine.
describe('admin panel: settings', { timeout: 15_000 }, () => {
  it('refuses an http link by the field, keeps what was typed, and previews the banner as members see it', async () => {
    const user = userEvent.setup()
    const api = settingsServer()
    renderApp({ path: '/admin/settings', user: admin() })

    const url = await screen.findByRole('textbox', { name: 'Registration link' })
    expect(screen.getByText('Enter an https:// registration link to preview the banner.')).toBeInTheDocument()
    await user.click(screen.getByRole('switch', { name: 'Show the webinar banner' }))
    await user.type(url, 'http://events.example.com/webinar')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(url).toHaveAccessibleDescription(expect.stringContaining('The link must start with https://.'))
    expect(url).toHaveValue('http://events.example.com/webinar')
    expect(api.saves).toEqual([])

    await user.clear(url)
    await user.type(url, 'https://events.example.com/webinar')
    const preview = screen.getByRole('link', { name: /Free live webinar/ })
    expect(preview).toHaveAttribute('href', 'https://events.example.com/webinar')
    expect(preview).toHaveAttribute('target', '_blank')
    expect(screen.getByText('Members see this banner under the header.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Settings saved')).toBeInTheDocument()
    expect(api.saves).toEqual([
      {
        betaCapacity: 500,
        invitationBatchLimit: 10,
        enableWebinarBanner: true,
        webinarRegistrationUrl: 'https://events.example.com/webinar',
      },
    ])
    // The members' banner itself shows under the header once the flags are read again.
    expect(await screen.findByRole('complementary', { name: 'Webinar' })).toBeInTheDocument()
  })

  it('shows the server’s refusal by the field and keeps the typed link', async () => {
    const user = userEvent.setup()
    settingsServer({ enableWebinarBanner: true, webinarRegistrationUrl: 'https://events.example.com/old' })
    renderApp({ path: '/admin/settings', user: admin() })

    const url = await screen.findByRole('textbox', { name: 'Registration link' })
    expect(url).toHaveValue('https://events.example.com/old')
    await user.clear(url)
    await user.type(url, 'https://events.example.com/server-refuses')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    await vi.waitFor(() =>
      expect(url).toHaveAccessibleDescription(expect.stringContaining('The link must start with https://.')),
    )
    expect(url).toHaveValue('https://events.example.com/server-refuses')
    expect(await screen.findByText("The settings weren't saved")).toBeInTheDocument()
  })

  it('asks for a link before turning the banner on, in Spanish', async () => {
    const user = userEvent.setup()
    const api = settingsServer()
    await i18n.changeLanguage('es')
    renderApp({ path: '/admin/settings', user: admin() })

    await user.click(await screen.findByRole('switch', { name: 'Mostrar el banner del webinar' }))
    await user.click(screen.getByRole('button', { name: 'Guardar configuración' }))
    const url = screen.getByRole('textbox', { name: 'Enlace de registro' })
    expect(url).toHaveAccessibleDescription(
      expect.stringContaining('Introduce el enlace de registro del webinar para mostrar el banner.'),
    )
    expect(api.saves).toEqual([])
    const section = screen.getByRole('region', { name: 'Banner del webinar' })
    expect(within(section).getByText('Vista previa')).toBeInTheDocument()
  })
})
