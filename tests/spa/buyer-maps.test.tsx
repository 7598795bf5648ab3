import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { BuyerAnalytics, ZipAnalytics } from '@/contract'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

/* Issue 26: the buyer locations page (sellers, owners, admins) and a ZIP code's public analytics. */

const analytics: BuyerAnalytics = {
  total: 12,
  byState: [{ key: 'TX', count: 12 }],
  byPriceBucket: [{ key: 'to500k', count: 7 }],
  byFinancingType: [{ key: 'fha', count: 4 }],
  byCreditRange: [],
  byPropertyType: [{ key: 'condo', count: 3 }],
}

beforeEach(() => {
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
  )
})

describe('buyer locations', { timeout: 20_000 }, () => {
  it("refuses a buyer with the spec's words, without asking the server for buyers", async () => {
    let asked = false
    server.use(
      http.get('/api/buyers/locations', () => {
        asked = true
        return HttpResponse.json({ clusters: [], points: [], zips: [], total: 0 })
      }),
    )
    renderApp({ path: '/buyers', user: buildUser({ role: 'buyer', roles: ['buyer'] }) })
    expect(await screen.findByText("You don't have access to view buyer locations")).toBeInTheDocument()
    expect(asked).toBe(false)
  })

  it("shows a seller the analytics tab's groups in their own words, and says small groups are left out", async () => {
    server.use(http.get('/api/buyers/analytics', () => HttpResponse.json(analytics)))
    renderApp({ path: '/buyers?tab=analytics', user: buildUser({ role: 'originator', roles: ['originator'] }) })
    expect(await screen.findByText('12 buyers match these filters')).toBeInTheDocument()
    const budget = screen.getByRole('table', { name: 'Buyers by budget' })
    expect(within(budget).getByRole('row', { name: /Up to \$500K\s*7/ })).toBeInTheDocument()
    expect(
      within(screen.getByRole('table', { name: 'Buyers by credit range' })).getByText('No group has 3 or more buyers.'),
    ).toBeInTheDocument()
    expect(screen.getByText(/Groups of fewer than 3 buyers are left out/)).toBeInTheDocument()
  })

  it("shows the spec's error when the analytics cannot load", async () => {
    server.use(http.get('/api/buyers/analytics', () => HttpResponse.json({ message: 'down' }, { status: 500 })))
    renderApp({ path: '/buyers?tab=analytics', user: buildUser({ role: 'admin', roles: ['admin'] }) })
    // Two retries of a server error first (about three seconds).
    expect(await screen.findByText('Error loading buyer locations', {}, { timeout: 10_000 })).toBeInTheDocument()
  }, 20_000)
})

describe('ZIP analytics', { timeout: 20_000 }, () => {
  const answer: ZipAnalytics = {
    zipCode: '78701',
    city: 'Austin',
    state: 'TX',
    buyerCount: 4,
    avgDownPayment: null,
    avgMonthlyPayment: null,
    lastUpdated: '2026-11-20T12:00:00.000Z',
    radius: null,
    listings: { count: 3, medianPrice: 300_000, medianEntryFee: 25_000 },
  }

  it('answers signed out, says why an average is withheld, and asks again for a radius', async () => {
    const radii: (string | null)[] = []
    server.use(
      http.get('/api/analytics/zip-analytics/:zip', ({ request }) => {
        const radius = new URL(request.url).searchParams.get('radiusMiles')
        radii.push(radius)
        return HttpResponse.json(
          radius
            ? {
                ...answer,
                radius: {
                  miles: 25,
                  zipCount: 40,
                  buyerCount: 30,
                  avgDownPayment: 15_000,
                  avgMonthlyPayment: 1_400,
                  lastUpdated: answer.lastUpdated,
                },
              }
            : answer,
        )
      }),
    )
    renderApp({ path: '/zip/78701/analytics' })
    expect(await screen.findByRole('heading', { level: 1, name: 'ZIP analytics: 78701' })).toBeInTheDocument()
    expect(await screen.findByText('Austin, TX')).toBeInTheDocument()
    expect(screen.getAllByText('Not shown')).toHaveLength(2)
    expect(screen.getByText(/only when at least 5 buyers gave the figure/)).toBeInTheDocument()
    expect(screen.getByText('$300,000')).toBeInTheDocument()
    await userEvent.selectOptions(screen.getByLabelText('Radius (miles)'), '25')
    expect(await screen.findByRole('heading', { name: 'ZIP codes within 25 miles (40 ZIP codes)' })).toBeInTheDocument()
    expect(screen.getByText('$15,000')).toBeInTheDocument()
    expect(radii).toEqual([null, '25'])
  })
})
