import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { Deal, StatusHistoryEntry } from '@/contract'
import { layoutHandlers, sellerUser, type MyDeal } from './deal-form-fixtures'
import { buildDealSummary } from './deals-browse-fixtures'
import { buildDeal, buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

/** A listing card as `GET /api/deals/mine` answers it: the browse card plus its counts. */
function buildMyDeal(overrides: Partial<MyDeal> = {}): MyDeal {
  return {
    ...buildDealSummary({
      id: 'deal-1',
      streetAddress: '12 Oak Street',
      squareFootage: 1500,
      tags: ['rental-property'],
      latitude: null,
      longitude: null,
    }),
    interestCount: 4,
    offerCount: 2,
    updatedAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  }
}

/** `GET /api/deals/mine` over a list, filtered as the server would; status and delete calls recorded. */
function myListingsServer(deals: MyDeal[], options: { status?: { status: number; body: unknown } } = {}) {
  const requests = { queries: [] as string[], statusChanges: [] as unknown[], deleted: [] as string[] }
  layoutHandlers()
  server.use(
    http.get('/api/deals/mine', ({ request }) => {
      const url = new URL(request.url)
      requests.queries.push(url.search)
      const status = url.searchParams.get('status')
      const category = url.searchParams.get('dealCategory')
      const page = Number(url.searchParams.get('page') ?? 1)
      const pageSize = Number(url.searchParams.get('pageSize') ?? 20)
      const matching = deals.filter(
        (deal) => (!status || deal.status === status) && (!category || deal.dealCategory === category),
      )
      return HttpResponse.json({
        items: matching.slice((page - 1) * pageSize, page * pageSize),
        total: matching.length,
        page,
        pageSize,
      })
    }),
    http.post('/api/deals/:id/status', async ({ request, params }) => {
      const change = (await request.json()) as { status: Deal['status'] }
      requests.statusChanges.push(change)
      if (options.status) return HttpResponse.json(options.status.body as object, { status: options.status.status })
      // The listing as it now stands, as the contract says the server answers.
      return HttpResponse.json(buildDeal({ id: String(params.id), status: change.status }))
    }),
    http.delete('/api/deals/:id', ({ params }) => {
      requests.deleted.push(String(params.id))
      return HttpResponse.json({ deleted: true })
    }),
  )
  return requests
}

const rowOf = (address: string) => screen.getByRole('row', { name: new RegExp(address) })

/** Serves the listings and opens the page as their seller; resolves once the row of 12 Oak Street shows. */
async function openMyListings(deals: MyDeal[], options?: Parameters<typeof myListingsServer>[1]) {
  const requests = myListingsServer(deals, options)
  renderApp({ path: '/deals/mine', user: sellerUser() })
  await screen.findByRole('row', { name: /12 Oak Street/ }, { timeout: 5000 })
  return requests
}

/** The "New status" choices the status dialog offers. */
const statusChoices = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('combobox', { name: 'New status' }))
    .getAllByRole('option')
    .map((option) => option.textContent)

describe('my listings', { timeout: 15_000 }, () => {
  it('lists the seller’s listings with counts, and keeps the filters in the URL', async () => {
    const user = userEvent.setup()
    const requests = myListingsServer([
      buildMyDeal(),
      buildMyDeal({
        id: 'deal-2',
        streetAddress: '9 Elm Road',
        dealCategory: 'creative',
        purchaseType: 'SubTo',
        status: 'pending',
      }),
    ])
    const { router } = renderApp({ path: '/deals/mine', user: sellerUser() })

    const row = await screen.findByRole('row', { name: /12 Oak Street/ }, { timeout: 5000 })
    expect(within(row).getByText('$250,000')).toBeInTheDocument()
    expect(within(row).getByText('Active')).toBeInTheDocument()
    expect(within(row).getByText('4')).toBeInTheDocument()
    expect(within(rowOf('9 Elm Road')).getByText('Creative · Subject-to')).toBeInTheDocument()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending')
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=pending'))
    await vi.waitFor(() => expect(screen.queryByRole('row', { name: /12 Oak Street/ })).not.toBeInTheDocument())
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Creative')
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=pending&dealCategory=creative'))
    expect(requests.queries).toContain('?status=pending&dealCategory=creative&page=1&pageSize=20')
  })

  it('opens with the filters of a shared link and shows an empty state', async () => {
    myListingsServer([buildMyDeal()])
    renderApp({ path: '/deals/mine?status=sold', user: sellerUser() })
    expect(await screen.findByText('No listings match these filters.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('sold')
  })

  it('invites a seller without listings to list a deal', async () => {
    myListingsServer([])
    renderApp({ path: '/deals/mine', user: sellerUser() })
    expect(await screen.findByText('You have no listings yet', {}, { timeout: 5000 })).toBeInTheDocument()
    const links = screen.getAllByRole('link', { name: 'List a deal' })
    expect(links.every((link) => link.getAttribute('href') === '/deals/new')).toBe(true)
  })

  it('changes a status: allowed options only, platform question and cancel reason required', async () => {
    const user = userEvent.setup()
    const requests = await openMyListings([buildMyDeal()])
    await user.click(screen.getByRole('button', { name: 'Change status, 12 Oak Street' }))

    const dialog = screen.getByRole('dialog', { name: 'Change status' })
    expect(statusChoices(dialog)).toEqual(['Choose a status', 'Exclusive', 'Pending', 'Sold', 'Canceled'])
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'New status' }), 'Canceled')
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }))
    expect(within(dialog).getByText('Give a reason for canceling.')).toBeInTheDocument()
    expect(
      within(dialog).getByRole('group', { name: 'Did this happen through the platform?' }),
    ).toHaveAccessibleDescription('This field is required.')
    expect(requests.statusChanges).toEqual([])

    await user.click(within(dialog).getByRole('radio', { name: 'No' }))
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for canceling/ }), 'Seller kept the house')
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }))
    expect(await screen.findByText('Status changed to Canceled')).toBeInTheDocument()
    expect(requests.statusChanges).toEqual([
      { status: 'canceled', onPlatform: false, comments: null, reason: 'Seller kept the house' },
    ])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('marks the platform question required up front, and asks to confirm that Sold is final', async () => {
    const user = userEvent.setup()
    const requests = await openMyListings([buildMyDeal()])
    await user.click(screen.getByRole('button', { name: 'Change status, 12 Oak Street' }))
    const dialog = screen.getByRole('dialog', { name: 'Change status' })

    // Before any error: the question is shown as required.
    const platform = within(dialog).getByRole('group', { name: /Did this happen through the platform\?/ })
    expect(within(platform).getByText('*')).toBeInTheDocument()
    expect(within(platform).getByRole('radio', { name: 'Yes' })).toBeRequired()

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'New status' }), 'Sold')
    expect(within(dialog).getByText(/Sold is final/)).toBeInTheDocument()
    await user.click(within(platform).getByRole('radio', { name: 'Yes' }))
    await user.click(within(dialog).getByRole('button', { name: 'Mark as sold' }))
    expect(within(dialog).getByRole('checkbox', { name: /this listing is sold/ })).toHaveAccessibleDescription(
      'Confirm that this listing is sold: it cannot be undone.',
    )
    expect(requests.statusChanges).toEqual([])

    await user.click(within(dialog).getByRole('checkbox', { name: /this listing is sold/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Mark as sold' }))
    expect(await screen.findByText('Status changed to Sold')).toBeInTheDocument()
    expect(requests.statusChanges).toEqual([{ status: 'sold', onPlatform: true, comments: null, reason: null }])
  })

  it('offers only Active for a canceled listing, none for a sold one, and shows the server’s refusal', async () => {
    const user = userEvent.setup()
    await openMyListings(
      [buildMyDeal({ status: 'canceled' }), buildMyDeal({ id: 'deal-2', streetAddress: '9 Elm Road', status: 'sold' })],
      { status: { status: 409, body: { message: 'This status change is not allowed', code: 'status_not_allowed' } } },
    )
    expect(within(rowOf('9 Elm Road')).queryByRole('button', { name: /Change status/ })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Change status, 12 Oak Street' }))
    const dialog = screen.getByRole('dialog', { name: 'Change status' })
    expect(statusChoices(dialog)).toEqual(['Choose a status', 'Active'])
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'New status' }), 'Active')
    await user.click(within(dialog).getByRole('radio', { name: 'Yes' }))
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }))
    expect(await within(dialog).findByText('This status change is not allowed')).toBeInTheDocument()
  })

  it('deletes a listing after confirming', async () => {
    const user = userEvent.setup()
    const requests = await openMyListings([buildMyDeal()])

    await user.click(screen.getByRole('button', { name: 'Delete, 12 Oak Street' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this listing?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep listing' }))
    expect(requests.deleted).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Delete, 12 Oak Street' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete listing' }))
    expect(await screen.findByText('Listing deleted')).toBeInTheDocument()
    expect(requests.deleted).toEqual(['deal-1'])
  })

  it('shows the status history with its source and reason', async () => {
    const user = userEvent.setup()
    const history: StatusHistoryEntry[] = [
      { status: 'active', date: '2026-11-01T10:00:00.000Z', source: 'system', comments: null, reason: null },
      {
        status: 'canceled',
        date: '2026-11-03T10:00:00.000Z',
        source: 'off-platform',
        comments: 'Call me first',
        reason: 'Seller kept the house',
      },
    ]
    server.use(http.get('/api/deals/:id/status-history', () => HttpResponse.json(history)))
    await openMyListings([buildMyDeal({ status: 'canceled' })])
    await user.click(screen.getByRole('button', { name: 'Status history, 12 Oak Street' }))

    const list = await within(screen.getByRole('dialog')).findByRole('list', { name: 'Status history' })
    const [latest, first] = within(list).getAllByRole('listitem')
    expect(latest).toHaveTextContent('Canceled')
    expect(latest).toHaveTextContent('Off the platform')
    expect(latest).toHaveTextContent('Reason: Seller kept the house')
    expect(first).toHaveTextContent('System')
  })

  it('shows 20 listings a page with the count, pages through them, and offers the last page past the end', async () => {
    const user = userEvent.setup()
    const many = Array.from({ length: 45 }, (_, index) =>
      buildMyDeal({ id: `deal-${index + 1}`, streetAddress: `${index + 1} Oak Street` }),
    )
    myListingsServer(many)
    const { router } = renderApp({ path: '/deals/mine', user: sellerUser() })

    expect(await screen.findByText('45 listings', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getAllByRole('row', { name: /Oak Street/ })).toHaveLength(20)
    const pages = screen.getByRole('navigation', { name: 'Pages' })
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    await user.click(within(pages).getByRole('link', { name: 'Next' }))
    await vi.waitFor(() => expect(router.state.location.search).toBe('?page=2'))
    expect(await screen.findByRole('row', { name: /^21 Oak Street/ })).toBeInTheDocument()
    expect(screen.queryByRole('row', { name: /^1 Oak Street/ })).not.toBeInTheDocument()

    // A filter starts again from page 1.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Active')
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=active'))

    await act(() => router.navigate('/deals/mine?page=9'))
    expect(await screen.findByText('There is no page 9: you have 3 pages of listings.')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Go to the last page' }))
    await vi.waitFor(() => expect(router.state.location.search).toBe('?page=3'))
    expect(await screen.findByRole('row', { name: /^45 Oak Street/ })).toBeInTheDocument()
    expect(screen.getAllByRole('row', { name: /Oak Street/ })).toHaveLength(5)
  })

  it('sends a buyer to /unauthorized', async () => {
    layoutHandlers()
    const { router } = renderApp({ path: '/deals/mine', user: buildUser() })
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'))
  })
  it('speaks Spanish', async () => {
    await initTestI18n('es')
    const user = userEvent.setup()
    myListingsServer([
      buildMyDeal({ dealCategory: 'creative', purchaseType: 'LeaseOption' }),
      buildMyDeal({ id: 'deal-2', streetAddress: '9 Elm Road', dealCategory: 'cash', purchaseType: null }),
    ])
    renderApp({ path: '/deals/mine', user: sellerUser() })
    expect(await screen.findByRole('heading', { name: 'Mis publicaciones' }, { timeout: 5000 })).toBeInTheDocument()
    // The same word as the offers table's type column.
    expect(await screen.findByRole('row', { name: /9 Elm Road/ })).toHaveTextContent('De contado')
    const row = await screen.findByRole('row', { name: /12 Oak Street/ })
    expect(within(row).getByText('Activa')).toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: 'Cambiar estado, 12 Oak Street' }))
    expect(screen.getByRole('group', { name: '¿Esto ocurrió a través de la plataforma?' })).toBeInTheDocument()
  })
})
