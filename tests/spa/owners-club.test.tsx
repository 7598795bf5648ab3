import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { OwnersLocations } from '@/contract'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

/* Issue 26: the Owners Club page (sellers, owners, admins): the members' map and the directory. */

const club: OwnersLocations = {
  zips: [{ zipCode: '85001', city: 'Phoenix', state: 'AZ', lat: 33.45, lng: -112.07, members: 2 }],
  directory: [
    {
      id: 'member-1',
      name: 'Olga Owner',
      companyName: 'Desert Homes',
      companyLogoUrl: null,
      markets: [{ zipCode: '85001', city: 'Phoenix', state: 'AZ' }],
      states: ['AZ', 'NM'],
      dealTypes: ['cash', 'SubTo'],
      contact: { phone: '6025550100', email: 'olga@desert.test' },
    },
  ],
  directoryTotal: 1,
}

beforeEach(() => {
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
  )
})

describe('the Owners Club', { timeout: 20_000 }, () => {
  it('refuses a buyer without asking the server', async () => {
    let asked = false
    server.use(
      http.get('/api/owners/locations', () => {
        asked = true
        return HttpResponse.json(club)
      }),
    )
    renderApp({ path: '/owners', user: buildUser({ role: 'buyer', roles: ['buyer'] }) })
    expect(await screen.findByText("You don't have access to the Owners Club")).toBeInTheDocument()
    expect(asked).toBe(false)
  })

  it("shows a member's card with markets, deal types and contact", async () => {
    server.use(http.get('/api/owners/locations', () => HttpResponse.json(club)))
    renderApp({ path: '/owners', user: buildUser({ role: 'originator', roles: ['originator'] }) })
    const card = await screen.findByRole('article', { name: 'Desert Homes' })
    expect(within(card).getByText('Olga Owner')).toBeInTheDocument()
    expect(within(card).getByText('Phoenix, AZ 85001')).toBeInTheDocument()
    expect(within(card).getByText('Cash, Subject-to')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'olga@desert.test' })).toHaveAttribute(
      'href',
      'mailto:olga@desert.test',
    )
    expect(screen.getByText('1 member listed')).toBeInTheDocument()
  })

  it('says nobody joined yet and links to the profile to opt in', async () => {
    server.use(
      http.get('/api/owners/locations', () => HttpResponse.json({ zips: [], directory: [], directoryTotal: 0 })),
    )
    renderApp({ path: '/owners', user: buildUser({ role: 'owner', roles: ['owner'] }) })
    expect(await screen.findByText('No member has joined the directory yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'List yourself in your profile' })).toHaveAttribute(
      'href',
      '/profile?tab=company',
    )
  })

  it('sends the message to the member through the contract (the server refusing it here)', async () => {
    const sent: { userId: string; body: unknown }[] = []
    server.use(
      http.get('/api/owners/locations', () => HttpResponse.json(club)),
      http.post('/api/owners/:userId/conversation', async ({ params, request }) => {
        sent.push({ userId: String(params.userId), body: await request.json() })
        return HttpResponse.json({ message: 'stop here' }, { status: 409 })
      }),
    )
    const user = userEvent.setup()
    renderApp({ path: '/owners', user: buildUser({ role: 'originator', roles: ['originator'] }) })
    await user.click(await screen.findByRole('button', { name: 'Message Olga Owner' }))
    const dialog = await screen.findByRole('dialog', { name: 'Message Olga Owner' })
    await user.type(within(dialog).getByRole('textbox'), 'Partner on Phoenix?')
    await user.click(within(dialog).getByRole('button', { name: /send/i }))
    await vi.waitFor(() => expect(sent).toEqual([{ userId: 'member-1', body: { message: 'Partner on Phoenix?' } }]))
  })

  it('shows the error and a retry when the club cannot load', async () => {
    server.use(http.get('/api/owners/locations', () => HttpResponse.json({ message: 'down' }, { status: 500 })))
    renderApp({ path: '/owners', user: buildUser({ role: 'admin', roles: ['admin'] }) })
    expect(await screen.findByText('Error loading the Owners Club', {}, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  }, 20_000)
})
