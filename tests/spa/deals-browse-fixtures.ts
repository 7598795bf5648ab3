import { http, HttpResponse } from 'msw'
import type { DealsExtent, DealSummary, DealsMap, MatchingState } from '@/contract'
import { server } from './msw'

/** The browse page is a lazy chunk; its first transform in a test run can take a few seconds. */
export const PAGE_LOAD = { timeout: 8000 }

let sequence = 0

/** A contract-typed listing card; tests override what they care about. */
export function buildDealSummary(overrides: Partial<DealSummary> = {}): DealSummary {
  sequence += 1
  return {
    id: `deal-${sequence}`,
    streetAddress: `${100 + sequence} Main Street`,
    addressHidden: false,
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    dealCategory: 'cash',
    purchaseType: null,
    propertyType: 'single-family',
    purchasePrice: 250000,
    entryFee: null,
    interestRate: null,
    monthlyPayment: null,
    bedrooms: 3,
    bathrooms: 2,
    squareFootage: 1450,
    status: 'active',
    availability: 'available',
    tags: ['motivated-seller'],
    coverPhotoUrl: null,
    favoriteCount: 0,
    isFavorite: false,
    latitude: 30.27,
    longitude: -97.74,
    listedOn: '2026-11-01T10:00:00.000Z',
    staleDays: null,
    ...overrides,
  }
}

type Answer = { items: DealSummary[]; total?: number; totalIsEstimate?: boolean; matching?: MatchingState } | 'error'

/**
 * MSW handlers for the browse endpoints. `answer` decides the list per request (so a test can answer by
 * query); every list and map query is recorded as URLSearchParams.
 */
export function browseServer({
  answer = () => ({ items: [buildDealSummary()] }),
  map = { clusters: [], points: [], total: 0 },
  extent = () => ({ total: 0, bbox: null }),
}: {
  answer?: (query: URLSearchParams) => Answer
  /** One answer, or one per query (e.g. by its `bbox`). */
  map?: DealsMap | ((query: URLSearchParams) => DealsMap)
  /** Where the filters' matches lie; by default nowhere, so the map keeps its opening view. */
  extent?: (query: URLSearchParams) => DealsExtent
} = {}) {
  const requests = {
    list: [] as URLSearchParams[],
    map: [] as URLSearchParams[],
    extent: [] as URLSearchParams[],
    favorite: [] as { id: string; method: string }[],
  }
  const counts = new Map<string, number>()
  const favorited = new Set<string>()
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
    http.get('/api/deals', ({ request }) => {
      const query = new URL(request.url).searchParams
      requests.list.push(query)
      const result = answer(query)
      if (result === 'error') return HttpResponse.json({ message: 'Internal error' }, { status: 500 })
      return HttpResponse.json({
        // The server's favorite state wins over the fixture's, as a real refetch would show it.
        items: result.items.map((deal) =>
          favorited.has(deal.id) || counts.has(deal.id)
            ? { ...deal, isFavorite: favorited.has(deal.id), favoriteCount: counts.get(deal.id) ?? deal.favoriteCount }
            : deal,
        ),
        total: result.total ?? result.items.length,
        totalIsEstimate: result.totalIsEstimate ?? false,
        page: Number(query.get('page') ?? 1),
        pageSize: Number(query.get('pageSize') ?? 20),
        ...(result.matching && { matching: result.matching }),
      })
    }),
    http.get('/api/deals/map', ({ request }) => {
      const query = new URL(request.url).searchParams
      requests.map.push(query)
      return HttpResponse.json(typeof map === 'function' ? map(query) : map)
    }),
    http.get('/api/deals/map/extent', ({ request }) => {
      const query = new URL(request.url).searchParams
      requests.extent.push(query)
      return HttpResponse.json(extent(query))
    }),
    http.put('/api/deals/:id/favorite', ({ params }) => {
      const id = String(params.id)
      requests.favorite.push({ id, method: 'PUT' })
      favorited.add(id)
      counts.set(id, (counts.get(id) ?? 0) + 1)
      return HttpResponse.json({ favorited: true, favoriteCount: counts.get(id) ?? 1 })
    }),
    http.delete('/api/deals/:id/favorite', ({ params }) => {
      const id = String(params.id)
      requests.favorite.push({ id, method: 'DELETE' })
      favorited.delete(id)
      counts.set(id, Math.max(0, (counts.get(id) ?? 1) - 1))
      return HttpResponse.json({ favorited: false, favoriteCount: counts.get(id) ?? 0 })
    }),
  )
  return { requests, counts, favorited }
}

export const lastOf = <T>(list: T[]): T => {
  const last = list.at(-1)
  if (last === undefined) throw new Error('no request was made')
  return last
}
