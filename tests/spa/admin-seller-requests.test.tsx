import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { AdminSellerRequest } from '@/contract'
import { buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

/* Admin → Seller requests: the list by status, approving, declining with a reason. */
const admin = () => buildUser({ roles: ['admin'], role: 'admin' })

const pending = (overrides: Partial<AdminSellerRequest> = {}): AdminSellerRequest => ({
  id: 'r1',
  companyName: 'Desert Deals LLC',
  phone: '6025550142',
  sells: 'Wholesale homes in Phoenix',
  note: 'Ten a month.',
  status: 'pending',
  reason: null,
  createdAt: '2026-11-25T15:00:00.000Z',
  decidedAt: null,
  requester: { id: 'u1', email: 'bea@example.test', name: 'Bea Buyer' },
  decidedBy: null,
  ...overrides,
})

function serveRequests(initial: AdminSellerRequest[]) {
  let rows = initial
  const calls = { lists: [] as string[], approved: [] as string[], declined: [] as unknown[] }
  const decide = (id: string, change: Partial<AdminSellerRequest>) => {
    rows = rows.map((row) =>
      row.id === id
        ? {
            ...row,
            ...change,
            decidedAt: '2026-11-26T09:00:00.000Z',
            decidedBy: { id: 'a1', email: 'ada@example.test', name: 'Ada Admin' },
          }
        : row,
    )
    return rows.find((row) => row.id === id)!
  }
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
    http.get('/api/admin/seller-requests', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status')
      calls.lists.push(status ?? 'all')
      const items = rows.filter((row) => !status || row.status === status)
      return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 20 })
    }),
    http.post('/api/admin/seller-requests/:id/approve', ({ params }) => {
      calls.approved.push(String(params.id))
      return HttpResponse.json(decide(String(params.id), { status: 'approved' }))
    }),
    http.post('/api/admin/seller-requests/:id/decline', async ({ params, request }) => {
      const body = (await request.json()) as { reason: string }
      calls.declined.push(body)
      return HttpResponse.json(decide(String(params.id), { status: 'declined', reason: body.reason }))
    }),
  )
  return calls
}

describe('admin seller requests', () => {
  it('lists pending requests with company, phone, what they sell, note and date, and approves one', async () => {
    const user = userEvent.setup()
    const calls = serveRequests([pending()])
    renderApp({ path: '/admin/seller-requests', user: admin() })

    const card = await screen.findByRole('article', { name: 'Desert Deals LLC' }, { timeout: 15_000 })
    expect(screen.getByRole('button', { name: 'Pending', pressed: true })).toBeInTheDocument()
    expect(within(card).getByText('Bea Buyer (bea@example.test)')).toBeVisible()
    expect(within(card).getByRole('link', { name: '(602) 555-0142' })).toHaveAttribute('href', 'tel:+16025550142')
    expect(within(card).getByText('Wholesale homes in Phoenix')).toBeVisible()
    expect(within(card).getByText('Ten a month.')).toBeVisible()
    expect(within(card).getByText(/Nov 25, 2026/)).toBeVisible()

    await user.click(within(card).getByRole('button', { name: 'Approve Desert Deals LLC' }))
    expect(await screen.findByText('Desert Deals LLC is now a seller')).toBeInTheDocument()
    expect(calls.approved).toEqual(['r1'])
    expect(await screen.findByText('No requests are waiting for a decision.')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Approved' }))
    const decided = await screen.findByRole('article', { name: 'Desert Deals LLC' })
    expect(within(decided).getByText(/By Ada Admin on Nov 26, 2026/)).toBeVisible()
    expect(within(decided).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument()
  }, 30_000)

  it('declines only with a reason, asked in a dialog, and shows who declined and why', async () => {
    const user = userEvent.setup()
    const calls = serveRequests([pending()])
    renderApp({ path: '/admin/seller-requests', user: admin() })

    await user.click(await screen.findByRole('button', { name: 'Decline Desert Deals LLC' }, { timeout: 15_000 }))
    const dialog = await screen.findByRole('dialog', { name: "Decline Desert Deals LLC's request" })
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }))
    expect(await within(dialog).findByText('This field is required.')).toBeVisible()
    expect(calls.declined).toEqual([])

    await user.type(within(dialog).getByLabelText(/Reason/), 'Please add a company website.')
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }))
    expect(await screen.findByText("Desert Deals LLC's request was declined")).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls.declined).toEqual([{ reason: 'Please add a company website.' }])

    await user.click(screen.getByRole('button', { name: 'Declined' }))
    const decided = await screen.findByRole('article', { name: 'Desert Deals LLC' })
    expect(within(decided).getByText('Please add a company website.')).toBeVisible()
    expect(within(decided).getByText(/By Ada Admin/)).toBeVisible()
  }, 30_000)

  it('speaks Spanish', async () => {
    await initTestI18n('es')
    serveRequests([])
    renderApp({ path: '/admin/seller-requests', user: { ...admin(), languagePreference: 'es' } })
    expect(await screen.findByRole('heading', { name: 'Solicitudes de vendedor' }, { timeout: 15_000 })).toBeVisible()
    expect(await screen.findByText('No hay solicitudes esperando una decisión.')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Pendientes', pressed: true })).toBeInTheDocument()
  }, 20_000)
})
