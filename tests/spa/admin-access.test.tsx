import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import i18n from 'i18next'
import type { AccessSummary, AdminInvitation, WaitlistEntry } from '@/contract'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

const entry = (overrides: Partial<WaitlistEntry>): WaitlistEntry => ({
  id: crypto.randomUUID(),
  email: 'someone@example.com',
  firstName: 'Some',
  lastName: 'One',
  phone: '6025550111',
  role: 'buyer',
  createdAt: '2026-11-20T12:00:00Z',
  invitedAt: null,
  declinedAt: null,
  ...overrides,
})

const invitation = (overrides: Partial<AdminInvitation>): AdminInvitation => ({
  id: crypto.randomUUID(),
  email: 'invitee@example.com',
  role: 'buyer',
  status: 'pending',
  sentBy: { id: 'admin-1', email: 'admin@example.com', name: 'Ada Admin' },
  createdAt: '2026-11-21T12:00:00Z',
  expiresAt: '2027-02-19T12:00:00Z',
  usedAt: null,
  revokedAt: null,
  resentAt: null,
  ...overrides,
})

/** The Beta access endpoints over in-memory state, recording what the page sent. */
function accessServer() {
  const state = {
    summary: {
      members: 480,
      betaCapacity: 500,
      invitationBatchLimit: 2,
      pendingInvitations: 3,
      waiting: 3,
    } as AccessSummary,
    waitlist: [
      entry({ firstName: 'Iris', lastName: 'Lee', email: 'iris@example.com', role: 'originator' }),
      entry({ firstName: 'Max', lastName: 'Day', email: 'max@example.com' }),
      entry({ firstName: 'Rosa', lastName: 'Méndez', email: 'rosa@example.com' }),
    ],
    invitations: [
      invitation({ email: 'pia@example.com' }),
      invitation({ email: 'old@example.com', status: 'used', usedAt: '2026-11-22T12:00:00Z' }),
    ],
  }
  const sent = {
    invites: [] as string[][],
    declines: [] as string[],
    resends: [] as string[],
    revokes: [] as string[],
    limits: [] as unknown[],
    searches: [] as string[],
  }
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
    http.get('/api/admin/access', () => HttpResponse.json(state.summary)),
    http.put('/api/admin/access/limits', async ({ request }) => {
      const body = (await request.json()) as { betaCapacity: number; invitationBatchLimit: number }
      sent.limits.push(body)
      state.summary = { ...state.summary, ...body }
      return HttpResponse.json(state.summary)
    }),
    http.get('/api/admin/waitlist', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? ''
      if (q) sent.searches.push(q)
      const items = state.waitlist.filter((one) =>
        `${one.firstName} ${one.lastName} ${one.email}`.toLowerCase().includes(q.toLowerCase()),
      )
      return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 20 })
    }),
    http.post('/api/admin/waitlist/invite', async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] }
      sent.invites.push(ids)
      state.waitlist = state.waitlist.map((one) =>
        ids.includes(one.id) ? { ...one, invitedAt: '2026-11-26T12:00:00Z' } : one,
      )
      return HttpResponse.json({ entries: state.waitlist.filter((one) => ids.includes(one.id)) })
    }),
    http.post('/api/admin/waitlist/:id/decline', ({ params }) => {
      sent.declines.push(String(params.id))
      state.waitlist = state.waitlist.map((one) =>
        one.id === params.id ? { ...one, declinedAt: '2026-11-26T12:00:00Z' } : one,
      )
      return HttpResponse.json(state.waitlist.find((one) => one.id === params.id))
    }),
    http.get('/api/admin/invitations', () =>
      HttpResponse.json({ items: state.invitations, total: state.invitations.length, page: 1, pageSize: 20 }),
    ),
    http.post('/api/admin/invitations/:id/resend', ({ params }) => {
      sent.resends.push(String(params.id))
      const found = state.invitations.find((one) => one.id === params.id)!
      return HttpResponse.json({ ...found, resentAt: '2026-11-26T12:00:00Z' })
    }),
    http.post('/api/admin/invitations/:id/revoke', ({ params }) => {
      sent.revokes.push(String(params.id))
      state.invitations = state.invitations.map((one) =>
        one.id === params.id ? { ...one, status: 'revoked', revokedAt: '2026-11-26T12:00:00Z' } : one,
      )
      return HttpResponse.json(state.invitations.find((one) => one.id === params.id))
    }),
  )
  return { state, sent }
}

const admin = () => buildUser({ roles: ['admin'], role: 'admin' })

// The first test loads the panel's lazy chunks and namespaces, slow on a busy machine.
describe('admin panel: beta access', { timeout: 15_000 }, () => {
  it('shows members against capacity and saves new limits', async () => {
    const user = userEvent.setup()
    const api = accessServer()
    renderApp({ path: '/admin/access', user: admin() })

    expect(await screen.findByText('480 of 500')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Members against capacity' })).toHaveAttribute('aria-valuenow', '96')
    expect(screen.getByText('3 pending invitations also hold seats. 3 waiting.')).toBeInTheDocument()

    const capacity = screen.getByRole('textbox', { name: 'Beta capacity' })
    await user.clear(capacity)
    await user.type(capacity, '-5')
    await user.click(screen.getByRole('button', { name: 'Save limits' }))
    expect(capacity).toHaveAttribute('aria-invalid', 'true')
    expect(api.sent.limits).toEqual([])

    await user.clear(capacity)
    await user.type(capacity, '600')
    await user.click(screen.getByRole('button', { name: 'Save limits' }))
    expect(await screen.findByText('480 of 600')).toBeInTheDocument()
    expect(api.sent.limits).toEqual([{ betaCapacity: 600, invitationBatchLimit: 2 }])
  })

  it('searches the waitlist and invites the people selected, up to the batch limit', async () => {
    const user = userEvent.setup()
    const api = accessServer()
    renderApp({ path: '/admin/access', user: admin() })

    const waitlist = await screen.findByRole('region', { name: 'Waitlist' })
    const invite = within(waitlist).getByRole('button', { name: 'Invite selected (0)' })
    expect(invite).toBeDisabled()
    await within(waitlist).findByText('iris@example.com')
    for (const name of ['Iris Lee', 'Max Day', 'Rosa Méndez']) {
      await user.click(within(waitlist).getByRole('checkbox', { name: `Select ${name}` }))
    }
    // Three selected, two allowed at once: the hint says so and the button waits.
    expect(within(waitlist).getByRole('button', { name: 'Invite selected (3)' })).toBeDisabled()
    expect(within(waitlist).getByText('Up to 2 people at a time.')).toHaveClass('text-red-700')
    await user.click(within(waitlist).getByRole('checkbox', { name: 'Select Rosa Méndez' }))
    await user.click(within(waitlist).getByRole('button', { name: 'Invite selected (2)' }))

    expect(await screen.findByText('2 invitations sent')).toBeInTheDocument()
    expect(api.sent.invites).toEqual([[api.state.waitlist[0]!.id, api.state.waitlist[1]!.id]])
    const iris = within(waitlist).getByText('iris@example.com').closest('tr')!
    expect(await within(iris).findByText('Invited')).toBeInTheDocument()
    expect(within(iris).queryByRole('checkbox')).not.toBeInTheDocument()

    await user.type(within(waitlist).getByRole('searchbox', { name: 'Search the waitlist' }), 'rosa')
    await vi.waitFor(() => expect(within(waitlist).queryByText('max@example.com')).not.toBeInTheDocument())
    expect(within(waitlist).getByText('rosa@example.com')).toBeInTheDocument()
    expect(api.sent.searches.at(-1)).toBe('rosa')
  })

  it('declines a request after asking, by keyboard', async () => {
    const user = userEvent.setup()
    const api = accessServer()
    renderApp({ path: '/admin/access', user: admin() })

    const decline = await screen.findByRole('button', { name: 'Decline Rosa Méndez' })
    decline.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' })
    expect(dialog).toHaveTextContent('Rosa Méndez will be told by email')
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }))
    expect(await screen.findByText('Request from rosa@example.com declined')).toBeInTheDocument()
    expect(api.sent.declines).toEqual([api.state.waitlist[2]!.id])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('lists invitations with status and sender, resends and revokes a pending one', async () => {
    const user = userEvent.setup()
    const api = accessServer()
    renderApp({ path: '/admin/access', user: admin() })

    const invitations = await screen.findByRole('region', { name: 'Invitations' })
    const pia = (await within(invitations).findByText('pia@example.com')).closest('tr')!
    expect(within(pia).getByText('Pending')).toBeInTheDocument()
    expect(within(pia).getByText('Ada Admin')).toBeInTheDocument()
    const used = within(invitations).getByText('old@example.com').closest('tr')!
    expect(within(used).getByText('Used')).toBeInTheDocument()
    expect(within(used).queryByRole('button')).not.toBeInTheDocument()

    await user.click(within(pia).getByRole('button', { name: 'Resend the invitation to pia@example.com' }))
    expect(await screen.findByText('Invitation sent again to pia@example.com')).toBeInTheDocument()

    await user.click(within(pia).getByRole('button', { name: 'Revoke the invitation for pia@example.com' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invitation?' })
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    expect(await within(pia).findByText('Revoked')).toBeInTheDocument()
    expect(api.sent).toMatchObject({ resends: [api.state.invitations[0]!.id], revokes: [api.state.invitations[0]!.id] })
  })

  it('reads in Spanish', async () => {
    accessServer()
    await i18n.changeLanguage('es')
    renderApp({ path: '/admin/access', user: admin() })
    expect(await screen.findByText('480 de 500')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Lista de espera' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Rechazar a Rosa Méndez' })).toBeInTheDocument()
    expect(await screen.findByText('Pendiente')).toBeInTheDocument()
  })
})
