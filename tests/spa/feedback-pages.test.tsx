import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { AdminFeedback, MyFeedback } from '@/contract'
import { buildNotification, chatApi } from './chat-fixtures'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'
import { humanCheckHandler } from './signup-fixtures'

const flags = http.get('/api/config/feature-flags', () =>
  HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
)

const item = (overrides: Partial<MyFeedback> = {}): MyFeedback => ({
  id: 'f-1',
  type: 'bug',
  comment: 'The map is blank',
  page: '/deals',
  hasScreenshot: false,
  ownersClub: false,
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
})

const adminItem = (overrides: Partial<AdminFeedback> = {}): AdminFeedback => ({
  ...item(),
  sender: { id: 'u-9', email: 'rosa@example.com', name: 'Rosa Méndez' },
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
})

describe('/feedback and /owners-feedback', { timeout: 20_000 }, () => {
  it('shows the form and the user’s own past feedback with its status, and lists a new one once sent', async () => {
    let items = [item({ status: 'resolved', comment: 'Old report' })]
    const sent: string[] = []
    server.use(
      flags,
      humanCheckHandler(),
      http.get('/api/feedback/mine', () => HttpResponse.json({ items })),
      http.post('/api/feedback', async ({ request }) => {
        const form = await request.formData()
        sent.push(`${String(form.get('page'))}|${String(form.get('ownersClub'))}`)
        const created = item({ id: 'f-2', type: 'feature', comment: String(form.get('comment')) })
        items = [created, ...items]
        return HttpResponse.json(created, { status: 201 })
      }),
    )
    const user = userEvent.setup()
    renderApp({ path: '/feedback', user: buildUser() })
    expect(await screen.findByRole('heading', { level: 1, name: 'Feedback' })).toBeInTheDocument()
    // The page is the form already: no floating button on it.
    expect(screen.queryByRole('button', { name: 'Send feedback' })).not.toBeInTheDocument()
    const history = screen.getByRole('region', { name: 'Your feedback' })
    expect(await within(history).findByText('Old report')).toBeInTheDocument()
    expect(within(history).getByText('Resolved')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: /Feature Idea/ }))
    await user.type(screen.getByRole('textbox', { name: /Your feedback/ }), 'Dark mode please')
    await user.type(await screen.findByLabelText('What is 3 + 4?'), '7')
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }))
    expect(await screen.findByRole('heading', { name: 'Feedback sent!' })).toBeInTheDocument()
    expect(await within(history).findByText('Dark mode please')).toBeInTheDocument()
    expect(sent).toEqual(['/feedback|false'])
  })

  it('sends Owners Club feedback marked as such, from sellers; buyers are sent to /unauthorized', async () => {
    const sent: string[] = []
    server.use(
      flags,
      humanCheckHandler(),
      http.get('/api/feedback/mine', () => HttpResponse.json({ items: [] })),
      http.post('/api/feedback', async ({ request }) => {
        sent.push(String((await request.formData()).get('ownersClub')))
        return HttpResponse.json(item({ ownersClub: true }), { status: 201 })
      }),
    )
    const user = userEvent.setup()
    const seller = renderApp({
      path: '/owners-feedback',
      user: buildUser({ role: 'originator', roles: ['originator'] }),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Owners Club feedback' })).toBeInTheDocument()
    expect(await screen.findByText('You have not sent any feedback yet.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /Question/ }))
    await user.type(screen.getByRole('textbox', { name: /Your feedback/ }), 'When is the next meetup?')
    await user.type(await screen.findByLabelText('What is 3 + 4?'), '7')
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }))
    await screen.findByRole('heading', { name: 'Feedback sent!' })
    expect(sent).toEqual(['true'])
    seller.unmount()

    const buyer = renderApp({ path: '/owners-feedback', user: buildUser() })
    await waitFor(() => expect(buyer.router.state.location.pathname).toBe('/unauthorized'))
  })
})

describe('admin Feedback review', { timeout: 20_000 }, () => {
  const admin = () => buildUser({ role: 'admin', roles: ['admin'] })

  it('lists feedback with type, status, page, date, sender and the Owners Club mark; filters and searches', async () => {
    const queries: string[] = []
    server.use(
      flags,
      http.get('/api/admin/feedback', ({ request }) => {
        queries.push(new URL(request.url).search)
        return HttpResponse.json({
          items: [adminItem({ ownersClub: true, page: '/deals?state=AZ' })],
          total: 1,
          page: 1,
          pageSize: 20,
        })
      }),
    )
    const user = userEvent.setup()
    renderApp({ path: '/admin/feedback', user: admin() })
    const heading = await screen.findByRole('heading', { name: 'Bug Report' })
    const card = heading.closest('li')!
    expect(within(card).getByText('Owners Club')).toBeInTheDocument()
    expect(within(card).getByText('/deals?state=AZ')).toBeInTheDocument()
    expect(within(card).getByText(/From Rosa Méndez/)).toBeInTheDocument()
    expect(within(card).getByText(/Sent Nov 20, 2026/)).toBeInTheDocument()
    expect(within(card).getByRole('combobox', { name: 'Status of this feedback' })).toHaveValue('open')

    const filters = screen.getByRole('search', { name: 'Filter feedback' })
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Type' }), 'question')
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Status' }), 'resolved')
    await user.type(within(filters).getByRole('searchbox', { name: 'Search' }), 'map')
    await user.click(within(filters).getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(queries.at(-1)).toBe('?type=question&status=resolved&q=map&page=1&pageSize=20'))
  })

  it('shows the screenshot in a viewer, changes the status and deletes after a confirmation', async () => {
    let current = adminItem({ hasScreenshot: true })
    const calls: string[] = []
    server.use(
      flags,
      http.get('/api/admin/feedback', () =>
        HttpResponse.json({ items: current ? [current] : [], total: current ? 1 : 0, page: 1, pageSize: 20 }),
      ),
      http.get('/api/admin/feedback/:id/screenshot', ({ params }) => {
        calls.push(`screenshot ${String(params.id)}`)
        return new HttpResponse(new Uint8Array([82, 73, 70, 70]), { headers: { 'content-type': 'image/webp' } })
      }),
      http.patch('/api/admin/feedback/:id', async ({ request }) => {
        const { status } = (await request.json()) as { status: AdminFeedback['status'] }
        calls.push(`status ${status}`)
        current = { ...current!, status }
        return HttpResponse.json(current)
      }),
      http.delete('/api/admin/feedback/:id', () => {
        calls.push('delete')
        current = undefined as unknown as AdminFeedback
        return HttpResponse.json({ deleted: true })
      }),
    )
    const user = userEvent.setup()
    renderApp({ path: '/admin/feedback', user: admin() })
    await user.click(await screen.findByRole('button', { name: 'View screenshot' }))
    const viewer = await screen.findByRole('dialog', { name: 'Screenshot' })
    expect(
      await within(viewer).findByRole('img', { name: 'Screenshot sent with the feedback from Rosa Méndez' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/webp;base64,/))
    await user.click(within(viewer).getByRole('button', { name: 'Close' }))

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of this feedback' }), 'resolved')
    expect(await screen.findByText('Status changed to Resolved')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete this feedback?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete feedback' }))
    expect(await screen.findByText('No feedback matches.')).toBeInTheDocument()
    expect(calls).toEqual(['screenshot f-1', 'status resolved', 'delete'])
  })
})

describe('feedback notices on the bell', { timeout: 20_000 }, () => {
  it('lead the sender to their feedback list and an admin to the review', async () => {
    const notice = (notificationId: string, type: string, message: string) =>
      buildNotification({ notificationId, type, message, threadId: null, dealId: null, dealInfo: null })
    chatApi({
      notifications: [
        notice('n-1', 'feedback_resolved', 'Your feedback was resolved: The map is blank'),
        notice('n-2', 'feedback_received', 'Bug report from Rosa: The map is blank'),
      ],
    })
    server.use(
      flags,
      http.get('/api/feedback/mine', () => HttpResponse.json({ items: [] })),
      http.get('/api/admin/feedback', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })),
    )
    const user = userEvent.setup()
    const { router } = renderApp({ path: '/terms', user: buildUser({ role: 'admin', roles: ['admin'] }) })
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }))
    await user.click(await within(await screen.findByRole('menu')).findByRole('menuitem', { name: /was resolved/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/feedback'))
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }))
    await user.click(await within(await screen.findByRole('menu')).findByRole('menuitem', { name: /Bug report from/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/feedback'))
  })
})
