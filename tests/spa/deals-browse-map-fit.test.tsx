import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { DealsExtent, DealsMap } from '@/contract'
import { browseServer, lastOf } from './deals-browse-fixtures'
import { buildUser } from './factories'
import { renderApp } from './render'

/** Leaflet is a lazy chunk; its first transform in a test run can take a few seconds. */
const LAZY_CHUNK = { timeout: 8000 }
const WIDTH = 600
const HEIGHT = 400

const CALIFORNIA = { west: -122.5, south: 32.7, east: -117.1, north: 38.6 }
const FLORIDA = { west: -82.6, south: 25.7, east: -80.1, north: 30.4 }
const extents: Record<string, DealsExtent> = {
  CA: { total: 10, bbox: CALIFORNIA },
  FL: { total: 31, bbox: FLORIDA },
}

type Box = typeof CALIFORNIA
const boxOf = (query: URLSearchParams): Box => {
  const [west = NaN, south = NaN, east = NaN, north = NaN] = (query.get('bbox') ?? '').split(',').map(Number)
  return { west, south, east, north }
}
const contains = (outer: Box, inner: Box) =>
  outer.west <= inner.west && outer.east >= inner.east && outer.south <= inner.south && outer.north >= inner.north
/** The map answer: how many of the state's matches the asked viewport holds (all or none, for the test). */
const mapFor = (query: URLSearchParams): DealsMap => {
  const extent = extents[query.get('state') ?? '']
  const inView = extent?.bbox && contains(boxOf(query), extent.bbox) ? extent.total : 0
  return { clusters: inView ? [{ lat: 0, lng: 0, count: inView }] : [], points: [], total: inView }
}

/** jsdom lays nothing out: give the map's container a desktop map's size so fitting and edges mean something. */
beforeEach(() => {
  const size = (axis: 'w' | 'h') =>
    function (this: HTMLElement) {
      return this.classList.contains('leaflet-container') ? (axis === 'w' ? WIDTH : HEIGHT) : 0
    }
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(size('w'))
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(size('h'))
})
afterEach(() => vi.restoreAllMocks())

const lastMapFor = (api: ReturnType<typeof browseServer>, state: string) =>
  api.requests.map.filter((query) => query.get('state') === state).at(-1)

// The first test loads Leaflet's lazy chunk, which can take most of the default 5 s on a busy machine.
describe('the browse map follows the results', { timeout: 20_000 }, () => {
  it('fits the results of the filters, and fits again when they change', async () => {
    const user = userEvent.setup()
    const api = browseServer({ map: mapFor, extent: (query) => extents[query.get('state') ?? ''] ?? extents.CA! })
    renderApp({ path: '/deals?state=CA', user: buildUser() })

    await waitFor(() => expect(contains(boxOf(lastMapFor(api, 'CA')!), CALIFORNIA)).toBe(true), LAZY_CHUNK)
    // Fitted, not the whole country: California fills the view.
    expect(Number(lastMapFor(api, 'CA')!.get('zoom'))).toBeGreaterThanOrEqual(5)
    expect(lastOf(api.requests.extent).get('state')).toBe('CA')
    expect(lastOf(api.requests.extent).get('bbox')).toBeNull()

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'FL')
    await waitFor(() => expect(contains(boxOf(lastMapFor(api, 'FL') ?? new URLSearchParams()), FLORIDA)).toBe(true))
    expect(contains(boxOf(lastOf(api.requests.map)), CALIFORNIA)).toBe(false)
    expect(screen.queryByRole('button', { name: 'Show all on the map' })).not.toBeInTheDocument()
  })

  it('stays where the user moved it, says how many matches lie outside the view, and shows them on request', async () => {
    const user = userEvent.setup()
    const api = browseServer({ map: mapFor, extent: (query) => extents[query.get('state') ?? ''] ?? extents.CA! })
    renderApp({ path: '/deals?state=CA', user: buildUser() })
    await waitFor(() => expect(contains(boxOf(lastMapFor(api, 'CA')!), CALIFORNIA)).toBe(true), LAZY_CHUNK)

    // The user zooms in: from now on the map is theirs.
    const fitted = Number(lastOf(api.requests.map).get('zoom'))
    await user.click(screen.getByRole('button', { name: 'Zoom in' }))
    await waitFor(() => expect(Number(lastOf(api.requests.map).get('zoom'))).toBe(fitted + 1))
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'FL')
    expect(await screen.findByText('31 matching deals are outside this view.')).toBeInTheDocument()
    expect(contains(boxOf(lastMapFor(api, 'FL')!), FLORIDA)).toBe(false)
    expect(screen.getByRole('button', { name: 'Search this area' })).toBeEnabled()

    await user.click(screen.getByRole('button', { name: 'Show all on the map' }))
    await waitFor(() => expect(contains(boxOf(lastOf(api.requests.map)), FLORIDA)).toBe(true))
    await waitFor(() => expect(screen.queryByText(/outside this view/)).not.toBeInTheDocument())
  })

  it('opens a shared "search this area" link on its area, not on the results', async () => {
    const api = browseServer({ map: mapFor, extent: () => extents.FL! })
    renderApp({ path: '/deals?state=FL&bbox=-98,30,-97,31', user: buildUser() })
    await waitFor(() => expect(api.requests.map.length).toBeGreaterThan(0), LAZY_CHUNK)
    await waitFor(() => expect(api.requests.extent.length).toBeGreaterThan(0))
    const box = boxOf(lastOf(api.requests.map))
    // The shared box is in view (with whatever else the frame's shape shows), not Florida's results.
    expect(contains(box, { west: -98, south: 30, east: -97, north: 31 })).toBe(true)
    expect(contains(box, FLORIDA)).toBe(false)
  })

  it('asks only for deals whose markers fit wholly inside the frame, so none is cut at its edge', async () => {
    const api = browseServer({ map: mapFor })
    renderApp({ path: '/deals', user: buildUser() })
    await waitFor(() => expect(api.requests.map.length).toBeGreaterThan(0), LAZY_CHUNK)
    const { west, east, south, north } = boxOf(lastOf(api.requests.map))
    // Zoom 4: a 256 px tile spans 22.5 degrees. The frame is 600 px wide; markers reach 28 px from their spot.
    const degreesPerPixel = 360 / (256 * 2 ** 4)
    expect(east - west).toBeCloseTo((WIDTH - 2 * 28) * degreesPerPixel, 1)
    expect(north - south).toBeLessThan(HEIGHT * degreesPerPixel)
  })
})
