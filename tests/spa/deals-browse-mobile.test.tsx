import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { buildDealSummary, browseServer, lastOf, PAGE_LOAD } from './deals-browse-fixtures'
import { buildUser } from './factories'
import { renderApp } from './render'

/** A phone-sized screen: every media query for a wider one fails. */
function narrowScreen() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('browse deals on a phone', () => {
  it('keeps the filters in a sheet and switches between list and map', async () => {
    narrowScreen()
    const user = userEvent.setup()
    const api = browseServer({
      answer: () => ({ items: [buildDealSummary({ purchasePrice: 210000 })] }),
      map: {
        clusters: [],
        points: [
          {
            id: 'deal-x',
            lat: 30.2,
            lng: -97.7,
            price: 210000,
            dealCategory: 'cash',
            status: 'active',
            streetAddress: '12 Oak Ln',
            addressHidden: false,
            city: 'Austin',
            state: 'TX',
            zipCode: '78701',
          },
        ],
        total: 1,
      },
    })
    const { router } = renderApp({ path: '/deals?state=TX', user: buildUser() })

    expect(await screen.findByRole('link', { name: /^\$210,000/ }, PAGE_LOAD)).toBeInTheDocument()
    // No map until asked for: Leaflet is not even loaded.
    expect(screen.queryByRole('region', { name: 'Map of deals' })).not.toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'State' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Filters (1)' }))
    const sheet = await screen.findByRole('dialog', { name: 'Filters' })
    expect(within(sheet).getByRole('combobox', { name: 'State' })).toHaveValue('TX')
    await user.click(within(sheet).getByRole('checkbox', { name: 'Condo' }))
    await waitFor(() => expect(lastOf(api.requests.list).getAll('propertyType')).toEqual(['condo']))
    await user.click(within(sheet).getByRole('button', { name: 'Show results' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Map' }))
    expect(new URLSearchParams(router.state.location.search).get('mode')).toBe('map')
    expect(await screen.findByRole('button', { name: '$210,000 cash deal' }, { timeout: 8000 })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^\$210,000/ })).not.toBeInTheDocument()
    expect(lastOf(api.requests.map).getAll('propertyType')).toEqual(['condo'])

    await user.click(screen.getByRole('button', { name: 'List' }))
    expect(await screen.findByRole('link', { name: /^\$210,000/ })).toBeInTheDocument()
    // It loads Leaflet (its own wait is 8 s): the default 5 s ran out on a busy machine.
  }, 20_000)
})

describe('a hand-edited link', () => {
  it('shows the page with the values it cannot use dropped, and counts only the filters it kept', async () => {
    narrowScreen()
    const api = browseServer({ answer: () => ({ items: [buildDealSummary({ purchasePrice: 210000 })] }) })
    renderApp({
      path:
        '/deals?minPrice=abc&maxPrice=0x10&minBeds=-2&minBaths=1e3&bbox=nonsense&page=two&sort=random' +
        '&tags=nope&tags=wholesale&city=Austin',
      user: buildUser(),
    })

    expect(await screen.findByRole('link', { name: /^\$210,000/ }, PAGE_LOAD)).toBeInTheDocument()
    // City and one tag; the rest was dropped (hex and exponents are not numbers a person types).
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument()
    const request = lastOf(api.requests.list)
    for (const key of ['minPrice', 'maxPrice', 'minBeds', 'minBaths', 'bbox']) expect(request.get(key), key).toBeNull()
    expect(request.get('city')).toBe('Austin')
    expect(request.getAll('tags')).toEqual(['wholesale'])
    expect(request.get('sort')).toBe('newest')
    expect(request.get('page')).toBe('1')
  })
})
