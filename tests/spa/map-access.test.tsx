import { Suspense } from 'react'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { DealsMap } from '@/contract'
import { DealMap, type MapViewport } from '@/features/maps'
import { lastOf } from './deals-browse-fixtures'

/** Leaflet is a lazy chunk; its first transform in a test run can take a few seconds. */
const LAZY_CHUNK = { timeout: 8000 }

const answer: DealsMap = {
  clusters: [{ lat: 33.45, lng: -112.07, count: 12 }],
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
  ],
  total: 13,
}

function renderMap(onViewportChange: (viewport: MapViewport) => void = () => {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <Suspense fallback={null}>
            <DealMap data={answer} onViewportChange={onViewportChange} />
          </Suspense>
        ),
      },
    ],
    { initialEntries: ['/'] },
  )
  return render(<RouterProvider router={router} />)
}

describe('a map by keyboard', () => {
  it(
    'zooms into a cluster with Enter, opens a point with Space or Enter, and Escape comes back to it',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup()
      const viewports: MapViewport[] = []
      renderMap((viewport) => viewports.push(viewport))
      const cluster = await screen.findByRole('button', { name: '12 deals here, zoom in' }, LAZY_CHUNK)
      await waitFor(() => expect(lastOf(viewports)?.zoom).toBe(4))

      cluster.focus()
      await user.keyboard('{Enter}')
      await waitFor(() => expect(lastOf(viewports).zoom).toBe(6))

      const point = screen.getByRole('button', { name: '$250,000 cash deal' })
      point.focus()
      await user.keyboard(' ')
      const link = await screen.findByRole('link', { name: 'View listing' })
      expect(link).toHaveAttribute('href', '/deals/deal-cash')
      // Focus goes into the popup, and Escape brings it back to the marker.
      await waitFor(() => expect(link).toHaveFocus())
      await user.keyboard('{Escape}')
      await waitFor(() => expect(screen.queryByRole('link', { name: 'View listing' })).not.toBeInTheDocument())
      expect(point).toHaveFocus()

      // Leaflet's own Enter handler reads the legacy keyCode, which user-event does not set in jsdom.
      fireEvent.keyPress(point, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 })
      expect(await screen.findByRole('link', { name: 'View listing' })).toHaveAttribute('href', '/deals/deal-cash')
    },
  )
})

describe('map tiles that fail', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('say so, and the markers stay', { timeout: 20_000 }, async () => {
    vi.stubEnv('VITE_MAP_TILE_URL', 'https://tiles.example.com/{z}/{x}/{y}.png')
    const { container } = renderMap()
    await screen.findByRole('button', { name: '12 deals here, zoom in' }, LAZY_CHUNK)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    const tile = await waitFor(() => {
      const found = container.querySelector('img.leaflet-tile')
      expect(found).not.toBeNull()
      return found as HTMLImageElement
    })
    fireEvent.error(tile)

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The map background couldn't load. The markers still show where everything is.",
    )
    expect(screen.getByRole('button', { name: '12 deals here, zoom in' })).toBeInTheDocument()
  })
})
