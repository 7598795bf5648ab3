import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { DealAnalytics, SeriesPoint } from '@/contract'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

/** The page's chunk (with its charts' code) loads on first use: slower on a busy machine than PAGE_CHUNK's. */
const PAGE_CHUNK = { timeout: 20_000 }

const seller = buildUser({ userId: 'seller-1', roles: ['originator'], role: 'originator' })

const point = (start: string, counts: Partial<SeriesPoint> = {}): SeriesPoint => ({
  start,
  views: 0,
  favorites: 0,
  interests: 0,
  offers: 0,
  conversations: 0,
  ...counts,
})

const analytics: DealAnalytics = {
  dealId: 'deal-1',
  address: { streetAddress: '12 Elm Street', city: 'Phoenix', state: 'AZ', zipCode: '85001' },
  totals: { views: 4, favorites: 2, interests: 1, offers: 0, conversations: 0 },
  conversion: { favorites: 0.5, interests: 0.5, offers: 0, conversations: null },
  daily: [point('2026-11-25'), point('2026-11-26', { views: 4, favorites: 2, interests: 1 })],
  weekly: [point('2026-11-16'), point('2026-11-23', { views: 4, favorites: 2, interests: 1 })],
  priorityNotification: { count: 3, sentAt: '2026-11-26T15:00:00.000Z' },
  comparison: {
    listing: { daysListed: 1, price: 250_000, entryFee: null },
    zip: { zipCode: '85001', listings: 2, medianDaysListed: 10, medianPrice: 240_000, medianEntryFee: null },
    state: { state: 'AZ', listings: 7, medianDaysListed: 12.5, medianPrice: 310_000, medianEntryFee: 20_000 },
  },
}

function open(answer: () => Response) {
  server.use(
    http.get('/api/deals/:id/analytics', answer),
    http.get('/api/deals/:id/match-bands', () =>
      HttpResponse.json({
        bands: [
          { min: 80, max: 100, count: 2 },
          { min: 60, max: 79, count: 5 },
          { min: 40, max: 59, count: 1 },
        ],
        scoredBuyers: 9,
      }),
    ),
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
  )
  renderApp({ path: '/deals/deal-1/analytics', user: seller })
}

describe('the listing analytics page', () => {
  it('shows the funnel, and each chart with a table view of the same numbers and a CSV', async () => {
    open(() => HttpResponse.json(analytics))
    expect(await screen.findByRole('heading', { level: 1, name: 'Listing analytics' }, PAGE_CHUNK)).toBeInTheDocument()

    const funnel = within(screen.getByRole('region', { name: 'Funnel' }))
    expect(funnel.getByRole('row', { name: 'Views 4 —' })).toBeInTheDocument()
    expect(funnel.getByRole('row', { name: 'Favorites 2 50%' })).toBeInTheDocument()
    expect(funnel.getByRole('row', { name: 'Conversations 0 —' })).toBeInTheDocument()

    const series = within(screen.getByRole('region', { name: 'Activity over time' }))
    expect(series.getByRole('img', { name: /The same numbers are in the table view below/ })).toBeInTheDocument()
    const table = series.getByRole('table', { name: 'Activity over time: By day (last 30 days)' })
    expect(within(table).getByRole('row', { name: 'Nov 26, 2026 4 2 1 0 0' })).toBeInTheDocument()

    await userEvent.setup().click(series.getByRole('radio', { name: 'By week (last 12 weeks)' }))
    const weekly = series.getByRole('table', { name: 'Activity over time: By week (last 12 weeks)' })
    expect(within(weekly).getByRole('columnheader', { name: 'Week of' })).toBeInTheDocument()
    expect(within(weekly).getByRole('row', { name: 'Nov 23, 2026 4 2 1 0 0' })).toBeInTheDocument()
    expect(series.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument()

    const bands = within(await screen.findByRole('region', { name: 'Matching buyers' }))
    expect(bands.getByRole('row', { name: '60–79 5' })).toBeInTheDocument()
    expect(screen.getByText(/Sent to 3 priority buyers on Nov 26, 2026/)).toBeInTheDocument()
    const comparison = within(screen.getByRole('region', { name: 'Compared with similar live listings' }))
    expect(comparison.getByRole('row', { name: 'Price $250,000 $240,000 $310,000' })).toBeInTheDocument()
  }, 30_000)

  it('says "Analytics load error" when the analytics cannot be loaded, and tries again', async () => {
    let fail = true
    open(() =>
      fail ? HttpResponse.json({ code: 'internal', message: 'boom' }, { status: 500 }) : HttpResponse.json(analytics),
    )
    const alert = await screen.findByRole('alert', {}, PAGE_CHUNK)
    expect(within(alert).getByRole('heading', { name: 'Analytics load error' })).toBeInTheDocument()
    fail = false
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Listing analytics' })).toBeInTheDocument()
  }, 30_000)
})
