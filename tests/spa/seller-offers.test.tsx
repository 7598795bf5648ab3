import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { Deal, ReceivedOffer } from '@/contract'
import { LAZY_CHUNK } from './deal-detail-fixtures'
import { layoutHandlers } from './deal-form-fixtures'
import { buildDealSummary } from './deals-browse-fixtures'
import { buildDeal, buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

const seller = buildUser({ roles: ['originator'], role: 'originator' })

function buildOffer(overrides: Partial<ReceivedOffer> & Pick<ReceivedOffer, 'id'>): ReceivedOffer {
  return {
    dealId: 'deal-1',
    buyer: { id: `buyer-${overrides.id}`, name: 'Bea Buyer', certified: false },
    type: 'cash',
    purchasePrice: 240000,
    entryFee: null,
    closeOfEscrowDate: '2099-06-30',
    message: null,
    status: 'submitted',
    declineReason: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    decidedAt: null,
    threadId: null,
    ...overrides,
  }
}

// Received newest first, as the server answers. Amounts, close dates and dates each in a different order.
const OFFERS: ReceivedOffer[] = [
  buildOffer({
    id: 'o-ana',
    buyer: { id: 'b-ana', name: 'Ana Diaz', certified: true },
    purchasePrice: 250000,
    closeOfEscrowDate: '2099-08-01',
    message: 'Cash, no contingencies.',
    createdAt: '2026-11-03T10:00:00.000Z',
    threadId: 'thread-ana',
  }),
  buildOffer({
    id: 'o-carl',
    buyer: { id: 'b-carl', name: 'Carl Creative', certified: false },
    type: 'creative',
    purchasePrice: null,
    entryFee: 20000,
    closeOfEscrowDate: '2099-06-15',
    createdAt: '2026-11-02T10:00:00.000Z',
  }),
  buildOffer({
    id: 'o-bo',
    buyer: { id: 'b-bo', name: 'Bo Cash', certified: false },
    purchasePrice: 240000,
    closeOfEscrowDate: '2099-07-01',
    createdAt: '2026-11-01T10:00:00.000Z',
  }),
]

type Answer = { status: number; body: unknown }

/**
 * The endpoints the offers page calls, over one listing and its offers. Accepting or declining changes the
 * offers as the server would, unless an answer is given; the requests are recorded.
 */
function offersServer(
  options: {
    deal?: Deal
    offers?: ReceivedOffer[]
    list?: Answer
    accept?: Answer
    decline?: Answer
    csv?: Answer
  } = {},
) {
  let deal = options.deal ?? buildDeal({ isOwner: true })
  let offers = options.offers ?? OFFERS
  const requests = { accepted: [] as string[], declined: [] as { id: string; body: unknown }[], lists: 0 }
  layoutHandlers()
  server.use(
    http.get('/api/deals/:id', () => HttpResponse.json(deal)),
    http.get('/api/deals/:id/offers', () => {
      requests.lists += 1
      return options.list
        ? HttpResponse.json(options.list.body as object, { status: options.list.status })
        : HttpResponse.json(offers)
    }),
    http.post('/api/offers/:offerId/accept', ({ params }) => {
      requests.accepted.push(String(params.offerId))
      if (options.accept) {
        // Someone else decided first: the list now says so.
        offers = offers.map((offer) => ({ ...offer, status: 'not_accepted' as const }))
        return HttpResponse.json(options.accept.body as object, { status: options.accept.status })
      }
      offers = offers.map((offer) =>
        offer.id === params.offerId
          ? { ...offer, status: 'accepted' as const }
          : offer.status === 'submitted'
            ? { ...offer, status: 'not_accepted' as const }
            : offer,
      )
      deal = { ...deal, status: 'pending', availability: 'no-new-offers' }
      return HttpResponse.json(offers.find((offer) => offer.id === params.offerId))
    }),
    http.post('/api/offers/:offerId/decline', async ({ params, request }) => {
      const body = (await request.json()) as { reason: string }
      requests.declined.push({ id: String(params.offerId), body })
      if (options.decline) return HttpResponse.json(options.decline.body as object, { status: options.decline.status })
      offers = offers.map((offer) =>
        offer.id === params.offerId
          ? { ...offer, status: 'declined' as const, declineReason: body.reason || null }
          : offer,
      )
      return HttpResponse.json(offers.find((offer) => offer.id === params.offerId))
    }),
    http.get('/api/deals/:id/offers.csv', () =>
      options.csv
        ? HttpResponse.json(options.csv.body as object, { status: options.csv.status })
        : new HttpResponse('\uFEFFBuyer\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    ),
  )
  return requests
}

const openPage = async (path = '/deals/deal-1/offers') => {
  const view = renderApp({ path, user: seller })
  await screen.findByRole('table', {}, LAZY_CHUNK)
  return view
}

/** The buyer names, top to bottom. */
const buyerOrder = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent?.replace('✓Certified', '').trim())

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) })

describe('the offers a listing received', { timeout: 20_000 }, () => {
  it('shows each offer: buyer and badge, type, amount, close date, message, date, status and the conversation', async () => {
    offersServer()
    await openPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Offers received' })).toBeInTheDocument()
    expect(document.title).toBe('Offers · 12 Oak St · Keyway')
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(crumbs).getByRole('link', { name: 'My listings' })).toHaveAttribute('href', '/deals/mine')
    expect(within(crumbs).getByRole('link', { name: '12 Oak St' })).toHaveAttribute('href', '/deals/deal-1')

    const ana = screen.getByRole('row', { name: /Ana Diaz/ })
    expect(within(ana).getByText('Certified')).toBeInTheDocument()
    expect(ana).toHaveTextContent('Cash')
    expect(ana).toHaveTextContent('$250,000')
    expect(ana).toHaveTextContent('Purchase price')
    expect(ana).toHaveTextContent('Aug 1, 2099')
    expect(ana).toHaveTextContent('Cash, no contingencies.')
    // The time it arrived, not only the day, so offers of one day can be told apart.
    expect(ana).toHaveTextContent(/Nov 3, 2026, \d{1,2}:\d{2}\s[AP]M/)
    expect(ana).toHaveTextContent('Open')
    expect(within(ana).getByRole('link', { name: 'Conversation, Ana Diaz' })).toHaveAttribute(
      'href',
      '/chat/thread-ana',
    )

    const carl = screen.getByRole('row', { name: /Carl Creative/ })
    expect(within(carl).queryByText('Certified')).not.toBeInTheDocument()
    expect(carl).toHaveTextContent('$20,000')
    expect(carl).toHaveTextContent('Entry fee')
    expect(within(carl).getByRole('button', { name: 'Message Carl Creative' })).toBeInTheDocument()
    expect(within(carl).queryByRole('link', { name: /Conversation/ })).not.toBeInTheDocument()
  })

  it.each([
    ['Amount', ['Ana Diaz', 'Bo Cash', 'Carl Creative'], ['Carl Creative', 'Bo Cash', 'Ana Diaz']],
    ['Close of escrow', ['Carl Creative', 'Bo Cash', 'Ana Diaz'], ['Ana Diaz', 'Bo Cash', 'Carl Creative']],
  ])('sorts by %s both ways, with aria-sort and the order in the URL', async (column, first, second) => {
    offersServer()
    const user = userEvent.setup()
    const { router } = await openPage()
    expect(header('Received')).toHaveAttribute('aria-sort', 'descending')
    expect(header(column)).not.toHaveAttribute('aria-sort')

    await user.click(within(header(column)).getByRole('button'))
    expect(buyerOrder()).toEqual(first)
    const firstSort = header(column).getAttribute('aria-sort')
    expect(header('Received')).not.toHaveAttribute('aria-sort')

    await user.click(within(header(column)).getByRole('button'))
    expect(buyerOrder()).toEqual(second)
    expect(header(column)).toHaveAttribute('aria-sort', firstSort === 'ascending' ? 'descending' : 'ascending')
    expect(router.state.location.search).toMatch(/sort=(amount|closeDate)&dir=(asc|desc)/)
  })

  it('sorts by date received both ways (newest first to begin with)', async () => {
    offersServer()
    const user = userEvent.setup()
    await openPage()
    expect(buyerOrder()).toEqual(['Ana Diaz', 'Carl Creative', 'Bo Cash'])
    await user.click(within(header('Received')).getByRole('button'))
    expect(header('Received')).toHaveAttribute('aria-sort', 'ascending')
    expect(buyerOrder()).toEqual(['Bo Cash', 'Carl Creative', 'Ana Diaz'])
    await user.click(within(header('Received')).getByRole('button'))
    expect(buyerOrder()).toEqual(['Ana Diaz', 'Carl Creative', 'Bo Cash'])
  })

  it('sorts with the select the cards show on a phone (no header row there)', async () => {
    offersServer()
    const user = userEvent.setup()
    const { router } = await openPage()
    const select = screen.getByRole('combobox', { name: 'Sort by' })
    expect(select).toHaveDisplayValue('Newest first')
    await user.selectOptions(select, 'Lowest amount first')
    expect(buyerOrder()).toEqual(['Carl Creative', 'Bo Cash', 'Ana Diaz'])
    expect(header('Amount')).toHaveAttribute('aria-sort', 'ascending')
    expect(router.state.location.search).toBe('?sort=amount&dir=asc')
    await user.selectOptions(select, 'Latest close of escrow first')
    expect(buyerOrder()).toEqual(['Ana Diaz', 'Bo Cash', 'Carl Creative'])
  })

  it('keeps the sort from the URL (a reload)', async () => {
    offersServer()
    await openPage('/deals/deal-1/offers?sort=amount&dir=asc')
    expect(header('Amount')).toHaveAttribute('aria-sort', 'ascending')
    expect(buyerOrder()).toEqual(['Carl Creative', 'Bo Cash', 'Ana Diaz'])
  })
})

describe('accepting and declining', { timeout: 20_000 }, () => {
  it('asks before accepting; Escape cancels and nothing is sent', async () => {
    const requests = offersServer()
    const user = userEvent.setup()
    await openPage()
    const accept = screen.getByRole('button', { name: 'Accept, Bo Cash' })
    accept.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept this offer?' })
    expect(dialog).toHaveTextContent("Bo Cash's offer of $240,000 (Cash).")
    expect(dialog).toHaveTextContent('The listing becomes pending')
    expect(dialog).toHaveTextContent('The other open offers are marked not accepted')
    // Focus starts on the safe choice.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    await waitFor(() => expect(accept).toHaveFocus())
    // Cancel with the keyboard too.
    await user.keyboard('{Enter}')
    await screen.findByRole('alertdialog')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(requests.accepted).toEqual([])
  })

  it('accepts with the keyboard: the listing is pending, the others not accepted and no longer acceptable', async () => {
    const requests = offersServer()
    const user = userEvent.setup()
    await openPage()
    screen.getByRole('button', { name: 'Accept, Bo Cash' }).focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('alertdialog')
    await user.tab()
    expect(within(dialog).getByRole('button', { name: 'Accept offer' })).toHaveFocus()
    await user.keyboard('{Enter}')

    expect(await screen.findByText("You accepted Bo Cash's offer. The listing is pending.")).toBeInTheDocument()
    expect(requests.accepted).toEqual(['o-bo'])
    expect(await screen.findByText(/This listing is pending/)).toBeInTheDocument()
    expect(screen.getByRole('row', { name: /Bo Cash/ })).toHaveTextContent('Accepted')
    for (const other of ['Ana Diaz', 'Carl Creative']) {
      expect(screen.getByRole('row', { name: new RegExp(other) })).toHaveTextContent('Not accepted')
    }
    expect(screen.queryByRole('button', { name: /^Accept,/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Decline,/ })).not.toBeInTheDocument()
    // The button that opened the dialog is gone: focus goes to the page's heading.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus())
  })

  it('says what the server said when another acceptance won the race (409), and refreshes the list', async () => {
    const message = 'This listing is no longer taking offers: another offer was accepted or its status changed.'
    const requests = offersServer({ accept: { status: 409, body: { code: 'deal_not_available', message } } })
    const user = userEvent.setup()
    await openPage()
    const listsBefore = requests.lists
    await user.click(screen.getByRole('button', { name: 'Accept, Ana Diaz' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Accept offer' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByText('The offer could not be accepted')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Accept,/ })).not.toBeInTheDocument())
    expect(requests.lists).toBeGreaterThan(listsBefore)
    expect(screen.getByRole('row', { name: /Ana Diaz/ })).toHaveTextContent('Not accepted')
  })

  it('declines with an optional reason the buyer will see', async () => {
    const requests = offersServer()
    const user = userEvent.setup()
    await openPage()
    await user.click(screen.getByRole('button', { name: 'Decline, Carl Creative' }))
    const dialog = await screen.findByRole('dialog', { name: 'Decline this offer?' })
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' })
    expect(reason).toHaveAttribute('maxLength', '1000')
    expect(dialog).toHaveTextContent('1000 characters left')
    await user.type(reason, 'Entry fee too low')
    expect(dialog).toHaveTextContent('983 characters left')
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }))

    expect(await screen.findByText("You declined Carl Creative's offer.")).toBeInTheDocument()
    expect(requests.declined).toEqual([{ id: 'o-carl', body: { reason: 'Entry fee too low' } }])
    const row = screen.getByRole('row', { name: /Carl Creative/ })
    await waitFor(() => expect(row).toHaveTextContent('Declined'))
    expect(row).toHaveTextContent('Reason: Entry fee too low')
    // Only writing to the buyer is left (Carl has no conversation yet), beside how the value is computed; no
    // more deciding.
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['How this is computed', 'Message Carl Creative'])
    // The others stay open.
    expect(screen.getByRole('button', { name: 'Accept, Ana Diaz' })).toBeInTheDocument()
  })

  it('keeps the dialog and the reason when declining fails', async () => {
    offersServer({ decline: { status: 500, body: { message: 'Boom' } } })
    const user = userEvent.setup()
    await openPage()
    await user.click(screen.getByRole('button', { name: 'Decline, Carl Creative' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByRole('textbox'), 'Too low')
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The offer could not be declined. Please try again.',
    )
    expect(within(dialog).getByRole('textbox')).toHaveValue('Too low')
  })
})

describe('failures, empty list, CSV and access', { timeout: 20_000 }, () => {
  it('says "Failed to load submitted offers" and loads again on retry', async () => {
    let fail = true
    offersServer()
    server.use(
      http.get('/api/deals/:id/offers', () =>
        fail ? HttpResponse.json({ message: 'Boom' }, { status: 500 }) : HttpResponse.json(OFFERS),
      ),
    )
    const user = userEvent.setup()
    renderApp({ path: '/deals/deal-1/offers', user: seller })
    const alert = await screen.findByRole('alert', {}, LAZY_CHUNK)
    expect(alert).toHaveTextContent('Failed to load submitted offers')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('row', { name: /Ana Diaz/ })).toBeInTheDocument()
  })

  it('says what to do next when there are no offers yet', async () => {
    offersServer({ offers: [] })
    renderApp({ path: '/deals/deal-1/offers', user: seller })
    expect(await screen.findByText('No offers yet', {}, LAZY_CHUNK)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View the listing' })).toHaveAttribute('href', '/deals/deal-1')
    expect(screen.getByRole('link', { name: 'Open conversations' })).toHaveAttribute('href', '/chat')
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument()
  })

  it('says "Failed to download offers CSV" when the export fails', async () => {
    offersServer({ csv: { status: 500, body: { message: 'Boom' } } })
    const user = userEvent.setup()
    await openPage()
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByText('Failed to download offers CSV')).toBeInTheDocument()
  })

  it('shows the 403 page to someone who may not read the offers, and the not-found page for an unknown listing', async () => {
    offersServer({ list: { status: 403, body: { code: 'forbidden', message: 'Forbidden' } } })
    const first = renderApp({ path: '/deals/deal-1/offers', user: seller })
    expect(await screen.findByRole('heading', { name: 'Access denied' }, LAZY_CHUNK)).toBeInTheDocument()
    expect(first.router.state.location.pathname).toBe('/unauthorized')
    first.unmount()

    offersServer({ list: { status: 404, body: { code: 'not_found', message: 'Listing not found' } } })
    renderApp({ path: '/deals/deal-1/offers', user: seller })
    expect(await screen.findByRole('heading', { name: 'Listing not found' }, LAZY_CHUNK)).toBeInTheDocument()
  })

  it('is linked from each row of My listings', async () => {
    layoutHandlers()
    server.use(
      http.get('/api/deals/mine', () =>
        HttpResponse.json({
          items: [
            {
              ...buildDealSummary({ id: 'deal-1', streetAddress: '12 Oak St', latitude: null, longitude: null }),
              interestCount: 1,
              offerCount: 3,
              updatedAt: '2026-11-02T10:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        }),
      ),
    )
    renderApp({ path: '/deals/mine', user: seller })
    expect(await screen.findByRole('link', { name: 'Offers, 12 Oak St' }, LAZY_CHUNK)).toHaveAttribute(
      'href',
      '/deals/deal-1/offers',
    )
  })

  it('speaks Spanish', async () => {
    await initTestI18n('es')
    offersServer()
    await openPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Ofertas recibidas' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeInTheDocument()
    expect(screen.getByRole('row', { name: /Carl Creative/ })).toHaveTextContent('Pago de entrada')
    // The word My listings uses for a cash listing (issue 22: it was "Efectivo" here, "De contado" there).
    expect(screen.getByRole('row', { name: /Ana Diaz/ })).toHaveTextContent('De contado')
    expect(screen.getByRole('button', { name: 'Aceptar, Ana Diaz' })).toBeInTheDocument()
  })
})
