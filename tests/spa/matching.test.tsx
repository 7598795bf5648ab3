import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { Reason } from '@/contract/matching'
import { buildDealSummary, browseServer, lastOf, PAGE_LOAD } from './deals-browse-fixtures'
import { dealDetailServer, LAZY_CHUNK } from './deal-detail-fixtures'
import { buildDeal, buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

const buyer = () => buildUser({ role: 'buyer', roles: ['buyer'] })

const reasons: Reason[] = [
  { code: 'area', outcome: 'match', weight: 25, values: { zipCode: '78701', city: 'Austin', state: 'TX', via: 'zip' } },
  { code: 'price', outcome: 'miss', weight: 20, values: { price: 250000, max: 200000 } },
  { code: 'monthlyPayment', outcome: 'unknown', weight: 20, values: { max: 1800 } },
]

// The first render of a lazy page can take seconds on a busy machine.
const SLOW = { timeout: 20_000 }

describe('matching on browse cards', () => {
  it('shows the score and the top reasons in words, and offers Best match', SLOW, async () => {
    const api = browseServer({
      answer: () => ({
        items: [buildDealSummary({ purchasePrice: 250000, match: { score: 92, reasons } })],
        matching: 'scored',
      }),
    })
    renderApp({ path: '/deals', user: buyer() })
    const link = await screen.findByRole('link', { name: /^\$250,000/ }, PAGE_LOAD)
    const card = link.closest('article') as HTMLElement
    expect(within(card).getByText('92% match')).toBeInTheDocument()
    const first = await within(card).findByText('ZIP code 78701 is one of your ZIP codes')
    const list = first.closest('ul') as HTMLElement
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual([
      'Matches: ZIP code 78701 is one of your ZIP codes',
      'Does not match: Price $250,000 > your max $200,000',
      expect.stringMatching(/^Unknown: /),
    ])
    expect(screen.getByRole('option', { name: 'Best match' })).toBeInTheDocument()
    expect(screen.queryByText(/Set your buy box and preferences/)).not.toBeInTheDocument()
    await userEvent.setup().selectOptions(screen.getByLabelText('Sort by'), 'best-match')
    await waitFor(() => expect(lastOf(api.requests.list).get('sort')).toBe('best-match'))
    expect(screen.getByLabelText('Sort by')).toHaveValue('best-match')
  })

  it('prompts a buyer without preferences, in Spanish, and offers no Best match', SLOW, async () => {
    await initTestI18n('es')
    browseServer({ answer: () => ({ items: [buildDealSummary()], matching: 'no-criteria' }) })
    renderApp({ path: '/deals', user: buyer() })
    await screen.findAllByRole('article', undefined, PAGE_LOAD)
    const prompt = await screen.findByRole(
      'link',
      { name: 'Configura tu buy box y tus preferencias para ver qué tan bien se ajusta cada operación a ti' },
      PAGE_LOAD,
    )
    expect(prompt).toHaveAttribute('href', '/profile?tab=preferences')
    expect(screen.queryByRole('option', { name: 'Mejor coincidencia' })).not.toBeInTheDocument()
    expect(screen.queryByText(/de coincidencia/)).not.toBeInTheDocument()
  })
})

describe('matching on a listing’s page', () => {
  it('lists every reason with its outcome in text', SLOW, async () => {
    const deal = buildDeal()
    dealDetailServer({ deal })
    server.use(
      http.get('/api/deals/:id/match', () => HttpResponse.json({ matching: 'scored', match: { score: 45, reasons } })),
    )
    renderApp({ path: `/deals/${deal.id}`, user: buyer() })
    const panel = await screen.findByRole('region', { name: /How this deal fits you/ }, LAZY_CHUNK)
    expect(within(panel).getByText('45% match')).toBeInTheDocument()
    expect(await within(panel).findAllByRole('listitem')).toHaveLength(3)
    expect(panel).toHaveTextContent('Does not match: Price $250,000 > your max $200,000')
  })

  it('speaks Spanish', SLOW, async () => {
    await initTestI18n('es')
    const deal = buildDeal()
    dealDetailServer({ deal })
    server.use(
      http.get('/api/deals/:id/match', () => HttpResponse.json({ matching: 'scored', match: { score: 45, reasons } })),
    )
    renderApp({ path: `/deals/${deal.id}`, user: buyer() })
    const panel = await screen.findByRole('region', { name: /Cómo se ajusta esta operación a ti/ }, LAZY_CHUNK)
    expect(within(panel).getByText('45 % de coincidencia')).toBeInTheDocument()
    expect(await within(panel).findByText(/^No coincide:/, { exact: false })).toBeInTheDocument()
  })

  it('prompts a buyer without preferences', SLOW, async () => {
    const deal = buildDeal()
    dealDetailServer({ deal })
    server.use(http.get('/api/deals/:id/match', () => HttpResponse.json({ matching: 'no-criteria', match: null })))
    renderApp({ path: `/deals/${deal.id}`, user: buyer() })
    expect(
      await screen.findByRole(
        'link',
        { name: 'Set your buy box and preferences to see how well each deal fits you' },
        LAZY_CHUNK,
      ),
    ).toHaveAttribute('href', '/profile?tab=preferences')
  })
})
