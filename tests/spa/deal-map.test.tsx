import { Suspense } from 'react'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { DealsMap } from '@/contract'
import { buildMarkers, DealMap, DEFAULT_TILE_URL, tileUrl, toBbox, type MapViewport } from '@/features/maps'
import { buildDealSummary, browseServer, lastOf } from './deals-browse-fixtures'
import { buildUser } from './factories'
import { initTestI18n } from './i18n'
import { renderApp } from './render'

const answer: DealsMap = {
  clusters: [{ lat: 33.45, lng: -112.07, count: 1250 }],
  points: [
    {
      id: 'deal-cash',
      lat: 30.27,
      lng: -97.74,
      price: 250000,
      dealCategory: 'cash',
      status: 'active',
      streetAddress: '5795 Pine St',
      addressHidden: false,
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
    },
    {
      id: 'deal-creative',
      lat: 29.76,
      lng: -95.37,
      price: null,
      dealCategory: 'creative',
      status: 'pending',
      streetAddress: null,
      addressHidden: true,
      city: 'Houston',
      state: 'TX',
      zipCode: '77002',
    },
  ],
  total: 1252,
}

/** Leaflet is a lazy chunk; its first transform in a test run can take a few seconds. */
const LAZY_CHUNK = { timeout: 8000 }

const labels = {
  point: (price: string, category: string) => `${price} ${category} deal`,
  cluster: (count: number) => `${count} deals`,
  noPrice: 'No price',
  addressUndisclosed: 'Address undisclosed',
}

describe('map markers', () => {
  it('builds clusters and points from a map answer', () => {
    expect(buildMarkers(answer, labels)).toEqual([
      expect.objectContaining({ kind: 'cluster', count: 1250, text: '1.3k', label: '1250 deals' }),
      expect.objectContaining({ kind: 'point', id: 'deal-cash', text: '$250K', label: '$250,000 cash deal' }),
      expect.objectContaining({ kind: 'point', id: 'deal-creative', text: '—', label: 'No price creative deal' }),
    ])
    expect(buildMarkers(undefined, labels)).toEqual([])
  })

  it('writes the viewport as the API bbox, clamped to the world', () => {
    expect(toBbox({ west: -200.123456, south: -95, east: -90.5, north: 40.1234567 })).toBe('-180,-90,-90.5,40.12346')
  })

  it('draws named, keyboard-reachable markers without tiles; a cluster zooms in, a point opens its listing link', async () => {
    const user = userEvent.setup()
    const viewports: MapViewport[] = []
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <Suspense fallback={null}>
              <DealMap data={answer} onViewportChange={(viewport) => viewports.push(viewport)} />
            </Suspense>
          ),
        },
      ],
      { initialEntries: ['/'] },
    )
    render(<RouterProvider router={router} />)

    const point = await screen.findByRole('button', { name: '$250,000 cash deal' }, LAZY_CHUNK)
    expect(point).toHaveAttribute('tabindex', '0')
    expect(screen.getByRole('button', { name: 'No price creative deal' })).toBeInTheDocument()
    const cluster = screen.getByRole('button', { name: '1,250 deals here, zoom in' })
    expect(screen.getByText('Cash deal')).toBeInTheDocument()
    expect(screen.getByText('Creative deal')).toBeInTheDocument()
    await waitFor(() => expect(viewports[0]?.zoom).toBe(4))

    await user.click(cluster)
    await waitFor(() => expect(lastOf(viewports).zoom).toBe(6))

    await user.click(screen.getByRole('button', { name: '$250,000 cash deal' }))
    expect(await screen.findByRole('link', { name: 'View listing' })).toHaveAttribute('href', '/deals/deal-cash')
  })

  it.each([
    ['$250,000 cash deal', ['5795 Pine St', 'Austin, TX 78701']],
    ['No price creative deal', ['Address undisclosed', 'Houston, TX 77002']],
  ])('the popup of %s says where it is: street (or undisclosed), city, state and ZIP', async (name, lines) => {
    const user = userEvent.setup()
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <Suspense fallback={null}>
              <DealMap data={answer} onViewportChange={() => {}} />
            </Suspense>
          ),
        },
      ],
      { initialEntries: ['/'] },
    )
    render(<RouterProvider router={router} />)

    await user.click(await screen.findByRole('button', { name }, LAZY_CHUNK))
    const popup = (await screen.findByRole('link', { name: 'View listing' })).parentElement as HTMLElement
    for (const line of lines) expect(within(popup).getByText(line)).toBeInTheDocument()
  })

  it('asks the map endpoint with the page filters, the viewport and the zoom', async () => {
    const api = browseServer({ answer: () => ({ items: [buildDealSummary()] }), map: answer })
    renderApp({ path: '/deals?state=TX&dealCategory=cash&tags=wholesale&sort=price-asc&page=2', user: buildUser() })

    expect(await screen.findByRole('button', { name: '$250,000 cash deal' }, LAZY_CHUNK)).toBeInTheDocument()
    const query = lastOf(api.requests.map)
    expect(query.get('state')).toBe('TX')
    expect(query.get('dealCategory')).toBe('cash')
    expect(query.getAll('tags')).toEqual(['wholesale'])
    expect(query.get('bbox')).toMatch(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/)
    expect(query.get('zoom')).toBe('4')
    // Sorting and paging belong to the list, not the map.
    expect(query.get('sort')).toBeNull()
    expect(query.get('page')).toBeNull()
  })
})

describe('search this area', () => {
  it('puts the map viewport into the list filters and the link, and takes it out again', async () => {
    const user = userEvent.setup()
    const api = browseServer({ map: answer })
    const { router } = renderApp({ path: '/deals', user: buildUser() })
    await screen.findByRole('button', { name: '$250,000 cash deal' }, LAZY_CHUNK)

    await user.click(screen.getByRole('button', { name: 'Search this area' }))
    const bbox = lastOf(api.requests.map).get('bbox')
    await waitFor(() => expect(lastOf(api.requests.list).get('bbox')).toBe(bbox))
    expect(new URLSearchParams(router.state.location.search).get('bbox')).toBe(bbox)
    expect(screen.getByRole('button', { name: 'Search this area' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Clear map area' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.queryByRole('button', { name: 'Clear map area' })).not.toBeInTheDocument()
  })

  it('opens a shared link on its area', async () => {
    const api = browseServer({ map: answer })
    renderApp({ path: '/deals?bbox=-98,30,-97,31', user: buildUser() })
    await screen.findByRole('button', { name: '$250,000 cash deal' }, LAZY_CHUNK)

    expect(lastOf(api.requests.list).get('bbox')).toBe('-98,30,-97,31')
    // jsdom gives the map no size, so its viewport is a spot inside the shared box (not the whole US).
    const [west = NaN, south = NaN] = (lastOf(api.requests.map).get('bbox') ?? '').split(',').map(Number)
    expect(west).toBeGreaterThanOrEqual(-98)
    expect(west).toBeLessThanOrEqual(-97)
    expect(south).toBeGreaterThanOrEqual(30)
    expect(south).toBeLessThanOrEqual(31)
  })
})

describe('map controls', () => {
  it('name the zoom buttons in the page language', async () => {
    await initTestI18n('es')
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <Suspense fallback={null}>
              <DealMap data={answer} onViewportChange={() => {}} />
            </Suspense>
          ),
        },
      ],
      { initialEntries: ['/'] },
    )
    render(<RouterProvider router={router} />)

    expect(await screen.findByRole('button', { name: 'Acercar' }, LAZY_CHUNK)).toHaveAttribute('title', 'Acercar')
    expect(screen.getByRole('button', { name: 'Alejar' })).toHaveAttribute('title', 'Alejar')
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument()
  })
})

describe('map tiles', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('come from OpenStreetMap unless VITE_MAP_TILE_URL names others, or none', () => {
    vi.stubEnv('VITE_MAP_TILE_URL', '')
    expect(tileUrl()).toBe(DEFAULT_TILE_URL)
    vi.stubEnv('VITE_MAP_TILE_URL', 'https://tiles.example.com/{z}/{x}/{y}.png')
    expect(tileUrl()).toBe('https://tiles.example.com/{z}/{x}/{y}.png')
    vi.stubEnv('VITE_MAP_TILE_URL', 'none')
    expect(tileUrl()).toBeNull()
  })
})
