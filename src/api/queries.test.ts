import { QueryClient, QueryObserver, type QueryKey, type QueryObserverOptions } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { endpoints } from '@/contract'
import { setAuthTransport } from '@/api/transport'
import { server } from '../../tests/spa/msw'
import { buildDeal } from '../../tests/spa/factories'
import { keyFor, pathKey, queryFor } from './queries'

describe('keyFor and pathKey', () => {
  it('mirror the URL: path segments with the parameters, then the query', () => {
    expect(keyFor(endpoints.getDeal, { params: { id: '42' } })).toEqual(['deals', '42', {}])
    expect(keyFor(endpoints.listInterests, { params: { id: '42' } })).toEqual(['deals', '42', 'interests', {}])
    expect(keyFor(endpoints.listDeals, { query: { page: 2 } })).toEqual(['deals', { page: 2 }])
    expect(keyFor(endpoints.listDeals)).toEqual(['deals', {}])
    expect(keyFor(endpoints.me)).toEqual(['auth', 'me', {}])
    expect(pathKey(endpoints.getDeal, { id: '42' })).toEqual(['deals', '42'])
    expect(pathKey(endpoints.listDeals)).toEqual(['deals'])
  })
})

describe('invalidating by derived keys', () => {
  /** Every GET the cache makes, as `path?query`. */
  let fetched: string[]
  let client: QueryClient
  let unsubscribe: (() => void)[]

  beforeEach(() => {
    fetched = []
    unsubscribe = []
    setAuthTransport({
      getFreshToken: () => Promise.resolve('token'),
      forceRefresh: () => Promise.resolve('token'),
      onSessionExpired: () => {},
      onDeactivated: () => {},
    })
    const record = (request: Request) => {
      const url = new URL(request.url)
      fetched.push(`${url.pathname}${url.search}`)
    }
    server.use(
      http.get('/api/deals', ({ request }) => {
        record(request)
        const page = Number(new URL(request.url).searchParams.get('page') ?? 1)
        return HttpResponse.json({ items: [], total: 0, totalIsEstimate: false, page, pageSize: 20 })
      }),
      http.get('/api/deals/map', ({ request }) => {
        record(request)
        return HttpResponse.json({ clusters: [], points: [], total: 0 })
      }),
      http.get('/api/deals/:id/interests', ({ request }) => {
        record(request)
        return HttpResponse.json([])
      }),
      http.get('/api/deals/:id', ({ request, params }) => {
        record(request)
        return HttpResponse.json(buildDeal({ id: String(params.id) }))
      }),
    )
    client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  })
  afterEach(() => {
    unsubscribe.forEach((stop) => stop())
    client.clear()
  })

  /** Keeps a query active (as a mounted component does), so an invalidation refetches it. */
  async function observe<T, K extends QueryKey>(options: QueryObserverOptions<T, Error, T, T, K>) {
    const observer = new QueryObserver(client, options)
    unsubscribe.push(observer.subscribe(() => {}))
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true))
  }

  async function loadEverything() {
    await observe(queryFor(endpoints.listDeals, { query: { page: 1 } }))
    await observe(queryFor(endpoints.listDeals, { query: { page: 2, favorites: 'true' } }))
    await observe(queryFor(endpoints.dealsMap, { query: { bbox: '-98,30,-97,31', zoom: 10 } }))
    await observe(queryFor(endpoints.getDeal, { params: { id: '42' } }))
    await observe(queryFor(endpoints.listInterests, { params: { id: '42' } }))
    await observe(queryFor(endpoints.getDeal, { params: { id: '43' } }))
    fetched = []
  }

  it('keyFor(listDeals) without a query refetches every browse page, not the map or a listing', async () => {
    await loadEverything()
    await client.invalidateQueries({ queryKey: keyFor(endpoints.listDeals) })
    expect(fetched.sort()).toEqual(['/api/deals?page=1', '/api/deals?page=2&favorites=true'])
  })

  it("pathKey(getDeal, { id }) refetches everything under that listing, and nothing of another's or of browse", async () => {
    await loadEverything()
    await client.invalidateQueries({ queryKey: pathKey(endpoints.getDeal, { id: '42' }) })
    expect(fetched.sort()).toEqual(['/api/deals/42', '/api/deals/42/interests'])
  })

  it('keyFor(getDeal, { params }) refetches that listing only, not its interests', async () => {
    await loadEverything()
    await client.invalidateQueries({ queryKey: keyFor(endpoints.getDeal, { params: { id: '42' } }) })
    expect(fetched).toEqual(['/api/deals/42'])
  })

  it('pathKey(listDeals) refetches everything under /api/deals', async () => {
    await loadEverything()
    await client.invalidateQueries({ queryKey: pathKey(endpoints.listDeals) })
    expect(fetched).toHaveLength(6)
  })

  it('setQueryData with keyFor writes the very entry queryFor reads', async () => {
    await loadEverything()
    client.setQueryData(keyFor(endpoints.getDeal, { params: { id: '42' } }), (deal) =>
      deal ? { ...deal, favoriteCount: 99 } : deal,
    )
    expect(client.getQueryData(queryFor(endpoints.getDeal, { params: { id: '42' } }).queryKey)?.favoriteCount).toBe(99)
    expect(client.getQueryData(keyFor(endpoints.getDeal, { params: { id: '43' } }))?.favoriteCount).not.toBe(99)
  })
})
