import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { BestNewMatches, DashboardNews } from '@/contract'
import type { Reason } from '@/contract/matching'
import { BUYER_ID } from './chat-fixtures'
import { layoutHandlers } from './deal-form-fixtures'
import { buildDealSummary } from './deals-browse-fixtures'
import { buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

/* The buying dashboard's "Best new matches" (issue 25): the buyer's best scored new listings, or how to get them. */

const buyer = () => buildUser({ userId: BUYER_ID, role: 'buyer', roles: ['buyer'], firstName: 'Bea' })
const noNews: DashboardNews = { since: '2026-11-20T15:04:00.000Z', interests: 0, offers: 0, messages: 0, deals: [] }
// The dashboard is a lazy chunk: its first render can take seconds on a busy machine.
const SLOW = { timeout: 30_000 }
const PAGE_LOAD = { timeout: 20_000 }

const reasons: Reason[] = [
  { code: 'area', outcome: 'match', weight: 25, values: { zipCode: '78701', city: 'Austin', state: 'TX', via: 'zip' } },
  { code: 'price', outcome: 'miss', weight: 20, values: { price: 250000, max: 200000 } },
]

/** The buying dashboard's calls, every other section empty, and the best matches as given. */
function buyingServer(matches: BestNewMatches) {
  layoutHandlers()
  const empty = (items: unknown[] = []) => ({ items, total: 0, totalIsEstimate: false, page: 1, pageSize: 6 })
  server.use(
    http.get('/api/dashboard/best-matches', () => HttpResponse.json(matches)),
    http.get('/api/offers/mine', () => HttpResponse.json([])),
    http.get('/api/interests/mine', () => HttpResponse.json([])),
    http.get('/api/deals', () => HttpResponse.json(empty())),
    http.get('/api/chat/threads', () => HttpResponse.json({ items: [], nextCursor: null })),
    http.post('/api/dashboard/visits', () => HttpResponse.json(noNews)),
    http.get('/api/dashboard/news', () => HttpResponse.json(noNews)),
  )
}

const section = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name }, PAGE_LOAD)).closest('section') as HTMLElement

describe('/dashboard best new matches', () => {
  it('lists each new match with its address, score and reasons, and links to all by best match', SLOW, async () => {
    const deal = buildDealSummary({
      id: 'deal-7',
      streetAddress: '12 Oak Street',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      addressHidden: false,
      dealCategory: 'cash',
      purchasePrice: 250000,
      match: { score: 92, reasons },
    })
    buyingServer({ matching: 'scored', days: 14, items: [deal] })
    renderApp({ path: '/dashboard', user: buyer() })

    const matches = await section('Best new matches')
    const link = await within(matches).findByRole('link', { name: /^12 Oak Street/ })
    expect(link).toHaveAttribute('href', '/deals/deal-7')
    const item = link.closest('li') as HTMLElement
    expect(within(item).getByText('92% match')).toBeInTheDocument()
    expect(item).toHaveTextContent('Cash · $250,000')
    expect(item).toHaveTextContent('Matches: ZIP code 78701 is one of your ZIP codes')
    expect(item).toHaveTextContent('Does not match: Price $250,000 > your max $200,000')
    expect(within(matches).getByRole('link', { name: 'See all by best match' })).toHaveAttribute(
      'href',
      '/deals?sort=best-match',
    )
  })

  it('says when nothing new fits yet, and offers browsing by best match', SLOW, async () => {
    buyingServer({ matching: 'scored', days: 14, items: [] })
    renderApp({ path: '/dashboard', user: buyer() })
    const matches = await section('Best new matches')
    expect(
      await within(matches).findByText('No listing published in the last 14 days fits your buy box and preferences yet.'),
    ).toBeInTheDocument()
    expect(within(matches).getByRole('link', { name: 'Browse by best match' })).toHaveAttribute(
      'href',
      '/deals?sort=best-match',
    )
  })

  it('shows a buyer without preferences how to set them, in Spanish too', SLOW, async () => {
    buyingServer({ matching: 'no-criteria', days: 14, items: [] })
    const { unmount } = renderApp({ path: '/dashboard', user: buyer() })
    const matches = await section('Best new matches')
    expect(
      await within(matches).findByText('Set your buy box and preferences to see how well each deal fits you'),
    ).toBeInTheDocument()
    expect(within(matches).getByRole('link', { name: 'Set preferences' })).toHaveAttribute(
      'href',
      '/profile?tab=preferences',
    )
    expect(within(matches).queryByRole('link', { name: /best match/ })).not.toBeInTheDocument()
    unmount()

    await initTestI18n('es')
    renderApp({ path: '/dashboard', user: buyer() })
    const spanish = await section('Mejores coincidencias nuevas')
    expect(
      await within(spanish).findByText(
        'Configura tu buy box y tus preferencias para ver qué tan bien se ajusta cada operación a ti',
      ),
    ).toBeInTheDocument()
    expect(within(spanish).getByRole('link', { name: 'Configurar preferencias' })).toHaveAttribute(
      'href',
      '/profile?tab=preferences',
    )
  })

  it('is not there when matching is off', SLOW, async () => {
    buyingServer({ matching: 'off', days: 14, items: [] })
    renderApp({ path: '/dashboard', user: buyer() })
    // The other sections have loaded (an empty one says what to do next), and this one never came.
    await within(await section('My offers')).findByText(/You have not made an offer yet/)
    expect(screen.queryByRole('heading', { name: 'Best new matches' })).not.toBeInTheDocument()
  })
})
