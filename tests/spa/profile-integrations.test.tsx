import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import i18n from 'i18next'
import type { WebhookDelivery, WebhookSettings } from '@/contract'
import { buildUser } from './factories'
import { server } from './msw'
import { profileServer } from './profile-fixtures'
import { renderApp } from './render'

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: crypto.randomUUID(),
    eventId: 'msg_1',
    type: 'webhook.test',
    url: 'https://hooks.example.com/keyway',
    status: 'delivered',
    attempts: 1,
    lastStatusCode: 200,
    lastError: null,
    createdAt: '2026-11-24T12:00:00Z',
    lastAttemptAt: '2026-11-24T12:00:01Z',
    nextAttemptAt: null,
    deliveredAt: '2026-11-24T12:00:01Z',
    ...overrides,
  }
}

/** The webhook endpoints over in-memory state; `refuseUrl` answers a save with a field message. */
function webhookServer(
  initial: { settings?: Partial<WebhookSettings>; deliveries?: WebhookDelivery[]; refuseUrl?: string } = {},
) {
  const state = {
    settings: {
      enabled: false,
      url: null,
      hasSecret: false,
      secretCreatedAt: null,
      ...initial.settings,
    } as WebhookSettings,
    deliveries: initial.deliveries ?? [],
  }
  const requests = { saves: [] as unknown[], rotations: 0, tests: 0, lists: 0 }
  server.use(
    http.get('/api/profile/webhook', () => HttpResponse.json(state.settings)),
    http.put('/api/profile/webhook', async ({ request }) => {
      const body = (await request.json()) as { enabled: boolean; url: string | null }
      requests.saves.push(body)
      if (initial.refuseUrl && body.url === initial.refuseUrl) {
        return HttpResponse.json(
          {
            message: 'Invalid input',
            code: 'invalid_input',
            fields: { url: 'This address points to a private, local or reserved network and cannot receive webhooks.' },
          },
          { status: 400 },
        )
      }
      state.settings = { ...state.settings, ...body }
      return HttpResponse.json(state.settings)
    }),
    http.post('/api/profile/webhook/secret', () => {
      requests.rotations++
      state.settings = { ...state.settings, hasSecret: true, secretCreatedAt: '2026-11-24T12:00:00Z' }
      return HttpResponse.json({ secret: SECRET, secretCreatedAt: '2026-11-24T12:00:00Z' }, { status: 201 })
    }),
    http.post('/api/profile/webhook/test', () => {
      requests.tests++
      const queued = delivery({ status: 'delivered', attempts: 1, lastStatusCode: 204 })
      state.deliveries = [queued, ...state.deliveries]
      return HttpResponse.json({ ...queued, status: 'pending', attempts: 0, lastStatusCode: null }, { status: 202 })
    }),
    http.get('/api/profile/webhook/deliveries', () => {
      requests.lists++
      return HttpResponse.json({ items: state.deliveries })
    }),
  )
  return { state, requests }
}

const seller = () => buildUser({ roles: ['originator'], role: 'originator' })

function open(me = seller()) {
  profileServer({ me })
  return renderApp({ path: '/profile?tab=integrations', user: me })
}

describe('integrations tab', () => {
  it('is not offered to a buyer', async () => {
    const me = buildUser({ roles: ['buyer'], role: 'buyer' })
    profileServer({ me })
    renderApp({ path: '/profile', user: me })
    const tabs = await screen.findByRole('tablist', { name: 'Profile sections' })
    expect(within(tabs).queryByRole('tab', { name: 'Integrations' })).not.toBeInTheDocument()
  })

  it('turns the webhook on with a URL, showing the server’s refusal by the field and keeping what was typed', async () => {
    const user = userEvent.setup()
    const api = webhookServer({ refuseUrl: 'https://10.0.0.1/hook' })
    open()

    const toggle = await screen.findByRole('switch', { name: 'Send offer events' })
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    // Enabling without a URL is refused before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    const url = screen.getByRole('textbox', { name: 'Webhook URL' })
    expect(url).toHaveAccessibleDescription(expect.stringContaining('Enter the URL that should receive the webhooks.'))
    expect(api.requests.saves).toEqual([])

    await user.type(url, 'https://10.0.0.1/hook')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await vi.waitFor(() =>
      expect(url).toHaveAccessibleDescription(
        expect.stringContaining(
          'This address points to a private, local or reserved network and cannot receive webhooks.',
        ),
      ),
    )
    expect(url).toHaveValue('https://10.0.0.1/hook')
    expect(url).toHaveAttribute('aria-invalid', 'true')

    await user.clear(url)
    await user.type(url, 'https://hooks.example.com/keyway')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Your webhook settings were saved.')).toBeInTheDocument()
    expect(api.requests.saves.at(-1)).toEqual({ enabled: true, url: 'https://hooks.example.com/keyway' })
  })

  it('shows a new signing secret once, with a copy button, then only that one exists', async () => {
    const user = userEvent.setup()
    webhookServer()
    open()

    expect(await screen.findByText('No signing secret yet. Generate one before sending events.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Generate signing secret' }))
    const secret = await screen.findByRole('textbox', { name: 'New signing secret' })
    expect(secret).toHaveValue(SECRET)
    expect(screen.getByText('Copy this secret now and store it safely: you will not see it again.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Copy' }))
    const copied = (await screen.findByText('Secret copied to the clipboard')).closest('li')!
    // The seller closes the toast before anything else. An open Radix toast changes its own state by timers (its
    // screen-reader copy two frames and 1 s after it opens); reading the clipboard back below waits on a
    // FileReader, outside act() and outside Testing Library's waits, and on a loaded machine one of those
    // timers landed there: React's "not wrapped in act" warning failed the test.
    await user.click(within(copied).getByRole('button', { name: 'Close' }))
    expect(screen.queryByText('Secret copied to the clipboard')).not.toBeInTheDocument()
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET)

    await user.click(screen.getByRole('button', { name: 'I have copied it' }))
    expect(screen.queryByRole('textbox', { name: 'New signing secret' })).not.toBeInTheDocument()
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument()
    expect(
      await screen.findByText(/A signing secret is set \(created .+\)\. For your safety it cannot be shown again\./),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Rotate signing secret' })).toBeInTheDocument()
  })

  it('sends a test only once a URL and a secret exist, and lists the deliveries with refresh', async () => {
    const user = userEvent.setup()
    const failed = delivery({
      type: 'offer.created',
      status: 'failed',
      attempts: 6,
      lastStatusCode: 500,
      lastError: 'http_status',
      deliveredAt: null,
    })
    const api = webhookServer({
      settings: { enabled: true, url: 'https://hooks.example.com/keyway' },
      deliveries: [failed],
    })
    open()

    const send = await screen.findByRole('button', { name: 'Send test' })
    expect(send).toBeDisabled()
    expect(send).toHaveAccessibleDescription('Save a URL and generate a signing secret to send a test.')
    const table = await screen.findByRole('table', { name: 'Recent deliveries' })
    const [, first] = within(table).getAllByRole('row')
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      expect.stringMatching(/^offer\.created/),
      'FailedError answer',
      '500',
      '6',
      expect.stringMatching(/^Nov 24, 2026/),
    ])

    await user.click(screen.getByRole('button', { name: 'Generate signing secret' }))
    await user.click(await screen.findByRole('button', { name: 'Send test' }))
    expect(await screen.findByText('Test event sent. Its result appears below in a few seconds.')).toBeInTheDocument()
    expect(api.requests.tests).toBe(1)
    const rows = await within(table).findAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 4),
    ).toEqual([expect.stringMatching(/^webhook\.test/), 'Delivered', '204', '1'])

    const before = api.requests.lists
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    await vi.waitFor(() => expect(api.requests.lists).toBe(before + 1))
  })

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es')
    webhookServer()
    open()
    expect(await screen.findByRole('switch', { name: 'Enviar eventos de ofertas' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'URL del webhook' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Generar secreto de firma' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Enviar prueba' })).toBeDisabled()
    expect(
      await screen.findByText('Todavía no hay entregas. Envía una prueba para comprobar tu servidor.'),
    ).toBeInTheDocument()
  })
})

describe('integrations tab, a delivery under way', () => {
  it('asks again while a delivery is due, so its outcome shows by itself', async () => {
    const api = webhookServer({
      settings: { enabled: true, url: 'https://hooks.example.com/keyway', hasSecret: true },
      deliveries: [
        // Its first attempt under way: the worker's claim puts the next attempt a minute ahead.
        delivery({
          status: 'pending',
          attempts: 0,
          lastStatusCode: null,
          nextAttemptAt: new Date(Date.now() + 60_000).toISOString(),
        }),
      ],
    })
    open()
    const table = await screen.findByRole('table', { name: 'Recent deliveries' })
    expect(within(table).getByText('Pending')).toBeInTheDocument()
    api.state.deliveries = [delivery({ status: 'delivered', lastStatusCode: 200 })]
    expect(await within(table).findByText('Delivered', {}, { timeout: 4000 })).toBeInTheDocument()
  })
})
