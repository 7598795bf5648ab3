import { http, HttpResponse } from 'msw'
import { endpoints, featureFlagsRoute, lazyEndpoint } from '@/contract'
import { setAuthTransport } from '@/api/transport'
import { server } from '../../tests/spa/msw'
import { buildDeal } from '../../tests/spa/factories'
import { call, download } from './call'
import { ApiError, ContractError } from './errors'

const signedIn = () =>
  setAuthTransport({
    getFreshToken: () => Promise.resolve('token-1'),
    forceRefresh: () => Promise.resolve('token-2'),
    onSessionExpired: () => {},
    onDeactivated: () => {},
  })

const emptyPage = { items: [], total: 0, totalIsEstimate: false, page: 2, pageSize: 20 }
const flags = { enableWebinarBanner: true, webinarRegistrationUrl: 'https://example.com/webinar' }

describe('call', () => {
  it("fills the path's parameters in, encoded, and sends the endpoint's method", async () => {
    const seen: string[] = []
    server.use(
      http.delete('/api/deals/:id/photos/:photoId', ({ request }) => {
        seen.push(`${request.method} ${new URL(request.url).pathname}`)
        return HttpResponse.json([])
      }),
    )
    signedIn()
    await expect(call(endpoints.deleteDealPhoto, { params: { id: 'a b', photoId: 'x/y?z' } })).resolves.toEqual([])
    expect(seen).toEqual(['DELETE /api/deals/a%20b/photos/x%2Fy%3Fz'])
  })

  it('turns the query into a query string: arrays repeated, undefined left out', async () => {
    let search = ''
    server.use(
      http.get('/api/deals', ({ request }) => {
        search = new URL(request.url).search
        return HttpResponse.json(emptyPage)
      }),
    )
    signedIn()
    await call(endpoints.listDeals, { query: { tags: ['wholesale', 'off-market'], city: undefined, page: 2 } })
    expect(search).toBe('?tags=wholesale&tags=off-market&page=2')
  })

  it('sends the body as JSON and the bearer token to a user endpoint', async () => {
    let seen: { auth: string | null; type: string | null; body: unknown } | undefined
    server.use(
      http.post('/api/auth/update-language', async ({ request }) => {
        seen = {
          auth: request.headers.get('Authorization'),
          type: request.headers.get('Content-Type'),
          body: await request.json(),
        }
        return HttpResponse.json({ message: 'stop here' }, { status: 400 })
      }),
    )
    signedIn()
    await expect(call(endpoints.updateLanguage, { body: { languagePreference: 'es' } })).rejects.toBeInstanceOf(
      ApiError,
    )
    expect(seen).toEqual({ auth: 'Bearer token-1', type: 'application/json', body: { languagePreference: 'es' } })
  })

  it('sends no token to a public endpoint, even when someone is signed in, and asks for none when signed out', async () => {
    const seen: (string | null)[] = []
    server.use(
      http.get('/api/config/feature-flags', ({ request }) => {
        seen.push(request.headers.get('Authorization'))
        return HttpResponse.json(flags)
      }),
    )
    await expect(call(endpoints.featureFlags)).resolves.toEqual(flags)
    signedIn()
    await expect(call(endpoints.featureFlags)).resolves.toEqual(flags)
    expect(seen).toEqual([null, null])
  })

  it('refuses a user endpoint with no session, without sending it', async () => {
    let sent = false
    server.use(
      http.get('/api/auth/me', () => {
        sent = true
        return HttpResponse.json({})
      }),
    )
    await expect(call(endpoints.me)).rejects.toMatchObject({ status: 401 })
    expect(sent).toBe(false)
  })

  it('gives the answer as the contract parses it (unknown fields dropped)', async () => {
    const deal = buildDeal({ id: 'd-1' })
    server.use(http.get('/api/deals/:id', () => HttpResponse.json({ ...deal, internalNote: 'not in the contract' })))
    signedIn()
    const answer = await call(endpoints.getDeal, { params: { id: 'd-1' } })
    expect(answer).toEqual(deal)
    expect(answer).not.toHaveProperty('internalNote')
  })

  it('rejects an answer the contract does not allow with a ContractError naming the URL', async () => {
    server.use(http.get('/api/config/feature-flags', () => HttpResponse.json({ enableWebinarBanner: 'yes' })))
    const error = await call(endpoints.featureFlags).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ContractError)
    expect(error).toMatchObject({ url: '/api/config/feature-flags' })
  })

  it('a lazy endpoint (start-up calls) parses its answer with the same schema once it has loaded', async () => {
    server.use(http.get('/api/config/feature-flags', () => HttpResponse.json({ ...flags, internalNote: 'dropped' })))
    await expect(call(lazyEndpoint('featureFlags', featureFlagsRoute))).resolves.toEqual(flags)
    server.use(http.get('/api/config/feature-flags', () => HttpResponse.json({ enableWebinarBanner: 'yes' })))
    const error = await call(lazyEndpoint('featureFlags', featureFlagsRoute)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ContractError)
    expect(error).toMatchObject({ url: '/api/config/feature-flags' })
  })

  it('uploads FormData as multipart, reporting progress', async () => {
    let type: string | null = null
    server.use(
      http.post('/api/deals/:id/photos', ({ request }) => {
        type = request.headers.get('Content-Type')
        return HttpResponse.json([])
      }),
    )
    signedIn()
    const form = new FormData()
    form.append('file', new File([new Uint8Array(10)], 'front.jpg', { type: 'image/jpeg' }))
    const progress: number[] = []
    await call(endpoints.uploadDealPhotos, {
      params: { id: 'd-1' },
      body: form,
      onUploadProgress: (fraction) => progress.push(fraction),
    })
    expect(type).toMatch(/^multipart\/form-data; boundary=/)
    expect(progress.at(-1)).toBe(1)
  })
})

describe('download', () => {
  it("gives the file endpoint's bytes as a File, its parameters filled in", async () => {
    server.use(
      http.get('/api/deals/:id/interests.csv', ({ params }) =>
        HttpResponse.text(`id\n${String(params.id)}\n`, {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="buyers.csv"' },
        }),
      ),
    )
    signedIn()
    const file = await download(endpoints.exportInterestsCsv, { params: { id: 'd-1' } })
    expect(file.name).toBe('buyers.csv')
    expect(await file.text()).toBe('id\nd-1\n')
  })
})
