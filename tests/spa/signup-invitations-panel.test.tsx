import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { MemoryRouter } from 'react-router'
import { createQueryClient } from '@/api/query-client'
import { AppProviders } from '@/app/providers'
import { setAuthTransport } from '@/api/transport'
import type { CreateInvitationsInput, Invitation, User } from '@/contract'
import { InvitationsPanel } from '@/features/invitations'
import { buildUser } from './factories'
import { server } from './msw'
import { TEST_TOKEN } from './render'
import { buildInvitation } from './signup-fixtures'

/** The panel is mounted by the profile page; here it gets the same providers on its own. */
function renderPanel(user: User) {
  setAuthTransport({
    getFreshToken: () => Promise.resolve(TEST_TOKEN),
    forceRefresh: () => Promise.resolve(TEST_TOKEN),
    onSessionExpired: () => {},
    onDeactivated: () => {},
  })
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  return render(
    <AppProviders queryClient={queryClient} auth={{ status: 'authenticated', user, signOut: () => Promise.resolve() }}>
      <MemoryRouter>
        <InvitationsPanel />
      </MemoryRouter>
    </AppProviders>,
  )
}

/** A tiny invitations backend: the list and a POST that adds a batch (or answers `failWith`). */
function invitationsApi(initial: Invitation[], failWith?: { status: number; body: JsonBodyType }) {
  const invitations = [...initial]
  const posted: CreateInvitationsInput[] = []
  server.use(
    http.get('/api/invitations', ({ request }) =>
      request.headers.get('Authorization') === `Bearer ${TEST_TOKEN}`
        ? HttpResponse.json(invitations)
        : HttpResponse.json({ message: 'Authentication required' }, { status: 401 }),
    ),
    http.post('/api/invitations', async ({ request }) => {
      const body = (await request.json()) as CreateInvitationsInput
      posted.push(body)
      if (failWith) return HttpResponse.json(failWith.body, { status: failWith.status })
      const created = Array.from({ length: Number(body.count) }, () =>
        buildInvitation({ role: body.role, email: body.email ?? null, createdAt: '2026-11-20T09:00:00.000Z' }),
      )
      invitations.push(...created)
      return HttpResponse.json(created)
    }),
  )
  return { posted }
}

const seller = () => buildUser({ role: 'originator', roles: ['originator'] })

describe('InvitationsPanel', () => {
  it("lists the user's invitations newest first with role, status and dates", async () => {
    invitationsApi([
      buildInvitation({ role: 'buyer', status: 'used', createdAt: '2026-10-01T10:00:00.000Z' }),
      buildInvitation({
        role: 'originator',
        email: 'pat@example.com',
        createdAt: '2026-11-02T10:00:00.000Z',
        expiresAt: '2027-01-31T10:00:00.000Z',
      }),
    ])
    renderPanel(seller())
    const items = await screen.findAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Seller')
    expect(items[0]).toHaveTextContent('Pending')
    expect(items[0]).toHaveTextContent('for pat@example.com')
    expect(items[0]).toHaveTextContent('CreatedNov 2, 2026')
    expect(items[0]).toHaveTextContent('ExpiresJan 31, 2027')
    expect(within(items[0]!).getByRole('button', { name: 'Copy link' })).toBeInTheDocument()
    expect(items[1]).toHaveTextContent('Used')
    expect(within(items[1]!).queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument()
  })

  it('copies a link to the clipboard and says so', async () => {
    const invitation = buildInvitation()
    invitationsApi([invitation])
    const user = userEvent.setup()
    renderPanel(seller())
    await user.click(await screen.findByRole('button', { name: 'Copy link' }))
    expect(await screen.findByText('Link copied')).toBeInTheDocument()
    await expect(navigator.clipboard.readText()).resolves.toBe(invitation.link)
  })

  it('says when copying fails', async () => {
    invitationsApi([buildInvitation()])
    const user = userEvent.setup()
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard')
    onTestFinished(() => {
      if (original) Object.defineProperty(navigator, 'clipboard', original)
    })
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('denied')) },
    })
    renderPanel(seller())
    await user.click(await screen.findByRole('button', { name: 'Copy link' }))
    expect(await screen.findByText('Copy failed')).toBeInTheDocument()
    expect(screen.getByText("We couldn't copy the link. Select it and copy it yourself.")).toBeInTheDocument()
  })

  it('offers only the roles the user may invite', async () => {
    invitationsApi([])
    renderPanel(seller())
    const role = await screen.findByLabelText('Role')
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Buyer', 'Seller'])
  })

  it('lets an owner and an admin invite any role', async () => {
    invitationsApi([])
    const { unmount } = renderPanel(buildUser({ role: 'owner', roles: ['owner'] }))
    const ownerOptions = within(await screen.findByLabelText('Role')).getAllByRole('option')
    expect(ownerOptions.map((option) => option.textContent)).toEqual(['Buyer', 'Seller', 'Owner', 'Admin'])
    unmount()
    renderPanel(buildUser({ role: 'admin', roles: ['admin'] }))
    const adminOptions = within(await screen.findByLabelText('Role')).getAllByRole('option')
    expect(adminOptions.map((option) => option.textContent)).toEqual(['Buyer', 'Seller', 'Owner', 'Admin'])
  })

  it('generates a batch and shows it in the list', async () => {
    const api = invitationsApi([])
    const user = userEvent.setup()
    renderPanel(seller())
    expect(await screen.findByText("You haven't created any invitations yet.")).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Role'), 'Seller')
    await user.clear(screen.getByLabelText('How many'))
    await user.type(screen.getByLabelText('How many'), '3')
    await user.click(screen.getByRole('button', { name: 'Generate invitations' }))

    expect(await screen.findByText('3 invitation links created')).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Copy link' })).toHaveLength(3))
    expect(api.posted).toEqual([{ role: 'originator', count: 3 }])
  })

  it('shows the server limit on the count field and says generation failed', async () => {
    invitationsApi([], {
      status: 400,
      body: { message: 'Invalid input', code: 'invalid_input', fields: { count: 'Must be at most 10.' } },
    })
    const user = userEvent.setup()
    renderPanel(seller())
    const count = await screen.findByLabelText('How many')
    await user.clear(count)
    await user.type(count, '25')
    await user.click(screen.getByRole('button', { name: 'Generate invitations' }))

    expect(await screen.findByText('Invitation generation failed')).toBeInTheDocument()
    expect(count).toHaveAccessibleDescription('Must be at most 10.')
    expect(count).toHaveValue(25)
  })

  it('checks the count and the email before sending', async () => {
    const api = invitationsApi([])
    const user = userEvent.setup()
    renderPanel(seller())
    const count = await screen.findByLabelText('How many')
    await user.clear(count)
    await user.type(count, '2')
    await user.type(screen.getByLabelText('Email (optional)'), 'pat@example.com')
    await user.click(screen.getByRole('button', { name: 'Generate invitations' }))
    expect(await screen.findByText(/Set this to 1 or clear the email/)).toBeInTheDocument()

    await user.clear(count)
    await user.click(screen.getByRole('button', { name: 'Generate invitations' }))
    expect(await screen.findByText('Create at least 1 link.')).toBeInTheDocument()
    expect(api.posted).toEqual([])
  })

  it('says a buyer cannot create invitations', async () => {
    invitationsApi([])
    renderPanel(buildUser())
    expect(await screen.findByText('Only sellers, owners and admins can create invitations.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Generate invitations' })).not.toBeInTheDocument()
  })
})
