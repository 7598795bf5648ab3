import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { ReceivedOffer } from '@/contract'
import { LAZY_CHUNK } from './deal-detail-fixtures'
import { layoutHandlers } from './deal-form-fixtures'
import { buildDeal, buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

const seller = buildUser({ roles: ['originator'], role: 'originator' })

/**
 * A seller-finance listing: a $100,000 note at 6 % maturing after its 30-year amortisation, so 360 payments of
 * $599.55 and no balloon. At 8 % (0.6667 % a month) the annuity factor is (1 − 1.006667^−360) / 0.006667 =
 * 136.2835, so the note is worth 599.55 · 136.2835 = $81,708.84; at the note's own 6 % it is worth $100,000.
 */
const LISTING = buildDeal({
  isOwner: true,
  dealCategory: 'creative',
  purchaseType: 'SellerFinance',
  purchasePrice: 130_000,
  sellerLoanAmount: 100_000,
  sellerInterestRate: 6,
  sellerLoanMaturity: '2099-01-01',
})

const offer = (overrides: Partial<ReceivedOffer> & Pick<ReceivedOffer, 'id'>): ReceivedOffer => ({
  dealId: LISTING.id,
  buyer: { id: `buyer-${overrides.id}`, name: 'Bea Buyer', certified: false },
  type: 'cash',
  purchasePrice: 105_000,
  entryFee: null,
  closeOfEscrowDate: '2099-06-30',
  message: null,
  status: 'submitted',
  declineReason: null,
  createdAt: '2026-11-02T10:00:00.000Z',
  decidedAt: null,
  threadId: null,
  ...overrides,
})

// Newest first, as the server answers. The creative one's $20,000 down payment + the note: $101,708.84 at 8 %,
// below the $105,000 cash offer; $120,000 at 6 %, above it.
const OFFERS = [
  offer({
    id: 'o-sofia',
    buyer: { id: 'b-sofia', name: 'Sofia Seller-Finance', certified: false },
    type: 'creative',
    purchasePrice: null,
    entryFee: 20_000,
    createdAt: '2026-11-03T10:00:00.000Z',
  }),
  offer({ id: 'o-carl', buyer: { id: 'b-carl', name: 'Carl Cash', certified: false } }),
]

function offersServer() {
  layoutHandlers()
  const csvQueries: URLSearchParams[] = []
  server.use(
    http.get('/api/deals/:id', () => HttpResponse.json(LISTING)),
    http.get('/api/deals/:id/offers', () => HttpResponse.json(OFFERS)),
    http.get('/api/deals/:id/offers.csv', ({ request }) => {
      csvQueries.push(new URL(request.url).searchParams)
      return new HttpResponse('\uFEFFBuyer\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
    }),
  )
  return { csvQueries }
}

const openPage = async (path = '/deals/deal-1/offers') => {
  const view = renderApp({ path, user: seller })
  // The page's chunk loads cold in the file's first test: more time than LAZY_CHUNK on a busy machine.
  await screen.findByRole('table', {}, { timeout: 3 * LAZY_CHUNK.timeout })
  return view
}

const buyerOrder = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent?.trim())

const valueHeader = () => screen.getByRole('columnheader', { name: /Value to the seller/ })

describe('offers compared by their value to the seller', { timeout: 40_000 }, () => {
  it('shows each value, sorts by it and re-sorts when the seller changes the discount rate', async () => {
    offersServer()
    const user = userEvent.setup()
    const { router } = await openPage()
    const sofia = () => screen.getByRole('row', { name: /Sofia/ })
    const carl = () => screen.getByRole('row', { name: /Carl Cash/ })
    expect(carl()).toHaveTextContent('$105,000All at close')
    expect(sofia()).toHaveTextContent('$101,709$20,000 at close + $81,709 later')
    const rate = screen.getByLabelText('Discount rate (% a year)')
    expect(rate).toHaveValue('8')

    await user.click(within(valueHeader()).getByRole('button'))
    expect(valueHeader()).toHaveAttribute('aria-sort', 'descending')
    expect(buyerOrder()).toEqual(['Carl Cash', 'Sofia Seller-Finance'])
    expect(router.state.location.search).toBe('?sort=value&dir=desc')

    // At the note's own rate the note is worth its $100,000: the creative offer comes first.
    await user.clear(rate)
    await user.type(rate, '6')
    expect(sofia()).toHaveTextContent('$120,000$20,000 at close + $100,000 later')
    expect(buyerOrder()).toEqual(['Sofia Seller-Finance', 'Carl Cash'])
    expect(router.state.location.search).toBe('?sort=value&dir=desc&rate=6')

    // A rate that is not one says so and leaves the values at the last valid rate.
    await user.clear(rate)
    await user.type(rate, 'six')
    expect(rate).toHaveAccessibleDescription(/Enter a rate from 0 to 100/)
    expect(sofia()).toHaveTextContent('$120,000')
  })

  it('keeps the rate and the order from the URL, and exports the CSV at that rate', async () => {
    const { csvQueries } = offersServer()
    const user = userEvent.setup()
    await openPage('/deals/deal-1/offers?sort=value&dir=asc&rate=6')
    expect(screen.getByLabelText('Discount rate (% a year)')).toHaveValue('6')
    expect(valueHeader()).toHaveAttribute('aria-sort', 'ascending')
    expect(buyerOrder()).toEqual(['Carl Cash', 'Sofia Seller-Finance'])
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await vi.waitFor(() => expect(csvQueries).toHaveLength(1))
    expect(csvQueries[0]?.get('discountRate')).toBe('6')
  })

  it('opens "How this is computed" from the keyboard with the worked numbers, and closes it', async () => {
    offersServer()
    const user = userEvent.setup()
    await openPage()
    const toggle = within(screen.getByRole('row', { name: /Sofia/ })).getByRole('button', {
      name: 'How this is computed',
    })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('region', { name: 'How this value is computed' })).not.toBeInTheDocument()

    toggle.focus()
    await user.keyboard('{Enter}')
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const panel = screen.getByRole('region', { name: 'How this value is computed' })
    expect(toggle).toHaveAttribute('aria-controls', panel.id)
    expect(panel).toHaveTextContent('Discount rate: 8% a year (0.667% a month)')
    const line = (name: string) => panel.querySelector(`[data-line="${name}"]`)
    expect(line('atClose')).toHaveTextContent('Entry fee, paid at close$20,000')
    expect(line('notePayments')).toHaveTextContent(
      'Seller-financed note: $599.55 a month for 360 months$100,000 at 6%, amortized over 30 years, as in the deal calculator$81,709',
    )
    expect(line('balloon')).toBeNull()
    expect(line('total')).toHaveTextContent('Value to the seller$101,709')

    await user.keyboard(' ')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('region', { name: 'How this value is computed' })).not.toBeInTheDocument()
  })

  it('says a cash offer is all at close, and "Unknown" where the listing lacks the note\'s terms', async () => {
    offersServer()
    server.use(http.get('/api/deals/:id', () => HttpResponse.json({ ...LISTING, sellerInterestRate: null })))
    const user = userEvent.setup()
    await openPage()
    const sofia = screen.getByRole('row', { name: /Sofia/ })
    expect(sofia).toHaveTextContent('Unknown$20,000 at close + Unknown later')
    // Unknown sorts last both ways.
    await user.click(within(valueHeader()).getByRole('button'))
    expect(buyerOrder()).toEqual(['Carl Cash', 'Sofia Seller-Finance'])
    await user.click(within(valueHeader()).getByRole('button'))
    expect(buyerOrder()).toEqual(['Carl Cash', 'Sofia Seller-Finance'])

    await user.click(
      within(screen.getByRole('row', { name: /Carl Cash/ })).getByRole('button', { name: 'How this is computed' }),
    )
    expect(screen.getByRole('region', { name: 'How this value is computed' })).toHaveTextContent(
      'A cash offer: the whole price is paid at close and nothing comes later.',
    )
  })

  it('speaks Spanish', async () => {
    await initTestI18n('es')
    offersServer()
    const user = userEvent.setup()
    await openPage()
    expect(screen.getByLabelText('Tasa de descuento (% anual)')).toHaveValue('8')
    expect(screen.getByRole('columnheader', { name: /Valor para el vendedor/ })).toBeInTheDocument()
    await user.click(
      within(screen.getByRole('row', { name: /Sofia/ })).getByRole('button', { name: 'Cómo se calcula' }),
    )
    expect(screen.getByRole('region', { name: 'Cómo se calcula este valor' })).toHaveTextContent(
      'Financiamiento del vendedor: $599.55 al mes durante 360 meses',
    )
  })
})
