import { http, HttpResponse } from 'msw'
import { z } from 'zod'
import { setAuthTransport, type AuthTransport } from '@/api/transport'
import { server } from '../../tests/spa/msw'
import { dispositionFilename, isPublicPath, request, AUTH_REQUIRED_MESSAGE, SESSION_EXPIRED_MESSAGE } from './client'
import { ApiError, ContractError } from './errors'
import { reportUpload, watchUploads } from '../../tests/spa/upload-progress'

function signedIn(overrides: Partial<AuthTransport> = {}) {
  const events: string[] = []
  const transport: AuthTransport = {
    getFreshToken: () => Promise.resolve('token-1'),
    forceRefresh: () => Promise.resolve('token-2'),
    onSessionExpired: (message) => events.push(`expired:${message}`),
    onDeactivated: () => events.push('deactivated'),
    ...overrides,
  }
  setAuthTransport(transport)
  return events
}

describe('isPublicPath', () => {
  it.each([
    ['/api/auth/public-request-access', true],
    ['/api/health', true],
    ['/api/analytics/zip-analytics/78701', true],
    ['/api/help/articles/3', true],
    ['/api/help/admin/articles', false],
    ['/api/auth/me', false],
    ['/api/config/feature-flags', false],
    ['/api/deals?q=/api/health', false],
  ])('%s → %s', (url, expected) => {
    expect(isPublicPath(url)).toBe(expected)
  })
})

describe('request', () => {
  it('sends public calls without a token', async () => {
    let authorization: string | null = 'unset'
    server.use(
      http.get('/api/health', ({ request }) => {
        authorization = request.headers.get('Authorization')
        return HttpResponse.json({ status: 'ok' })
      }),
    )
    await expect(request({ url: '/api/health', auth: 'public' })).resolves.toEqual({ status: 'ok' })
    expect(authorization).toBeNull()
  })

  it('sends a public call without a token, signed in or not, and does not refresh on its 401', async () => {
    const seen: (string | null)[] = []
    server.use(
      http.get('/api/auth/validate-invitation/:token', ({ request, params }) => {
        seen.push(request.headers.get('Authorization'))
        return params.token === 'gone'
          ? HttpResponse.json({ message: 'Invitation not found' }, { status: 401 })
          : HttpResponse.json({ valid: true })
      }),
    )
    await expect(request({ url: '/api/auth/validate-invitation/abc', auth: 'public' })).resolves.toEqual({
      valid: true,
    })
    const events = signedIn({ forceRefresh: () => Promise.reject(new Error('must not refresh')) })
    await expect(request({ url: '/api/auth/validate-invitation/abc', auth: 'public' })).resolves.toEqual({
      valid: true,
    })
    await expect(request({ url: '/api/auth/validate-invitation/gone', auth: 'public' })).rejects.toMatchObject({
      status: 401,
      message: 'Invitation not found',
    })
    expect(seen).toEqual([null, null, null])
    expect(events).toEqual([])
  })

  it('refuses a private call with no session, without sending it', async () => {
    const error = await request({ url: '/api/auth/me', auth: 'user' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, message: AUTH_REQUIRED_MESSAGE })
  })

  it('sends the bearer token, language and a query string from an object', async () => {
    let seen: { auth: string | null; lang: string | null; search: string } | undefined
    server.use(
      http.get('/api/deals', ({ request }) => {
        seen = {
          auth: request.headers.get('Authorization'),
          lang: request.headers.get('Accept-Language'),
          search: new URL(request.url).search,
        }
        return HttpResponse.json([])
      }),
    )
    signedIn()
    await request({ url: '/api/deals', auth: 'user', query: { tags: ['a', 'b'], city: null, page: 2 }, language: 'es' })
    expect(seen).toEqual({ auth: 'Bearer token-1', lang: 'es', search: '?tags=a&tags=b&page=2' })
  })

  it('after a 401 refreshes once and retries with the new token', async () => {
    const tokens: (string | null)[] = []
    server.use(
      http.get('/api/auth/me', ({ request }) => {
        const auth = request.headers.get('Authorization')
        tokens.push(auth)
        return auth === 'Bearer token-2'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ message: 'expired' }, { status: 401 })
      }),
    )
    const events = signedIn()
    await expect(request({ url: '/api/auth/me', auth: 'user' })).resolves.toEqual({ ok: true })
    expect(tokens).toEqual(['Bearer token-1', 'Bearer token-2'])
    expect(events).toEqual([])
  })

  it('tells the user the session expired when the refresh after a 401 fails', async () => {
    let calls = 0
    server.use(
      http.get('/api/auth/me', () => {
        calls += 1
        return HttpResponse.json({ message: 'expired' }, { status: 401 })
      }),
    )
    const events = signedIn({ forceRefresh: () => Promise.resolve(null) })
    const error = await request({ url: '/api/auth/me', auth: 'user' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 401, message: SESSION_EXPIRED_MESSAGE })
    expect(calls).toBe(1)
    expect(events).toEqual([`expired:${SESSION_EXPIRED_MESSAGE}`])
  })

  it('retries only once: a second 401 ends the session', async () => {
    let calls = 0
    server.use(
      http.get('/api/auth/me', () => {
        calls += 1
        return HttpResponse.json({ message: 'no' }, { status: 401 })
      }),
    )
    const events = signedIn()
    await expect(request({ url: '/api/auth/me', auth: 'user' })).rejects.toMatchObject({ status: 401 })
    expect(calls).toBe(2)
    expect(events).toEqual([`expired:${SESSION_EXPIRED_MESSAGE}`])
  })

  it('signs out on a 403 for a deactivated account, but not on a role refusal', async () => {
    server.use(
      http.get('/api/auth/me', () =>
        HttpResponse.json({ message: 'Account Deactivated', code: 'account_deactivated' }, { status: 403 }),
      ),
      http.get('/api/admin/users', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })),
    )
    const events = signedIn()
    await expect(request({ url: '/api/admin/users', auth: 'user' })).rejects.toMatchObject({ status: 403 })
    expect(events).toEqual([])
    await expect(request({ url: '/api/auth/me', auth: 'user' })).rejects.toMatchObject({
      status: 403,
      code: 'account_deactivated',
    })
    expect(events).toEqual(['deactivated'])
  })

  it('turns a non-OK answer into an ApiError with status, status text and parsed body', async () => {
    server.use(
      http.post('/api/deals', () =>
        HttpResponse.json(
          { message: 'Invalid input', fields: { zipCode: 'ZIP must be 5 digits' } },
          { status: 400, statusText: 'Bad Request' },
        ),
      ),
    )
    signedIn()
    const error = (await request({ method: 'POST', url: '/api/deals', auth: 'user', body: { zipCode: '1' } }).catch(
      (e: unknown) => e,
    )) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(400)
    expect(error.statusText).toBe('Bad Request')
    expect(error.body).toEqual({ message: 'Invalid input', fields: { zipCode: 'ZIP must be 5 digits' } })
    expect(error.message).toBe('Invalid input')
    expect(error.fields).toEqual({ zipCode: 'ZIP must be 5 digits' })
  })

  it('keeps a plain-text error body', async () => {
    server.use(http.get('/api/health', () => new HttpResponse('upstream down', { status: 502 })))
    await expect(request({ url: '/api/health', auth: 'public' })).rejects.toMatchObject({
      status: 502,
      body: 'upstream down',
    })
  })

  it('sends JSON bodies as JSON and FormData as multipart', async () => {
    const seen: string[] = []
    server.use(
      http.post('/api/feedback', async ({ request }) => {
        seen.push(request.headers.get('Content-Type') ?? '')
        return HttpResponse.json({ id: '1' })
      }),
    )
    signedIn()
    await request({ method: 'POST', url: '/api/feedback', auth: 'user', body: { a: 1 } })
    const form = new FormData()
    form.set('comment', 'hi')
    await request({ method: 'POST', url: '/api/feedback', auth: 'user', body: form })
    expect(seen[0]).toBe('application/json')
    expect(seen[1]).toMatch(/^multipart\/form-data; boundary=/)
  })

  it('parses answers with the contract schema and rejects a mismatch', async () => {
    server.use(http.get('/api/health', () => HttpResponse.json({ status: 'ok', db: 'ok', version: 1 })))
    const schema = z.object({ status: z.literal('ok'), version: z.string() })
    await expect(request({ url: '/api/health', auth: 'public', schema })).rejects.toBeInstanceOf(ContractError)
  })
})

const sent = (upload: XMLHttpRequestUpload | undefined, loaded: number, total: number) =>
  reportUpload(upload, loaded, total)

/** An answer that waits until the test lets it go. */
function held() {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  return { released, release }
}

const photoForm = () => {
  const form = new FormData()
  form.append('file', new File([new Uint8Array(100)], 'front.jpg', { type: 'image/jpeg' }))
  return form
}

const photoUpload = (id: string) =>
  ({ method: 'POST', url: `/api/deals/${id}/photos`, auth: 'user', body: photoForm() }) as const

describe('request with upload progress', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reports the fraction sent and sends the same headers as any call', async () => {
    const answer = held()
    let seen: { auth: string | null; lang: string | null; type: string | null } | undefined
    server.use(
      http.post('/api/deals/:id/photos', async ({ request }) => {
        seen = {
          auth: request.headers.get('Authorization'),
          lang: request.headers.get('Accept-Language'),
          type: request.headers.get('Content-Type'),
        }
        await answer.released
        return HttpResponse.json([{ id: 'p1' }])
      }),
    )
    signedIn()
    const uploads = watchUploads()
    const progress: number[] = []
    const result = request({
      ...photoUpload('d1'),
      language: 'es',
      onUploadProgress: (fraction) => progress.push(fraction),
    })
    await vi.waitFor(() => expect(uploads).toHaveLength(1))
    sent(uploads[0], 25, 100)
    sent(uploads[0], 60, 100)
    expect(progress).toEqual([0.25, 0.6])
    answer.release()
    await expect(result).resolves.toEqual([{ id: 'p1' }])
    expect(progress).toEqual([0.25, 0.6, 1])
    expect(seen).toEqual({
      auth: 'Bearer token-1',
      lang: 'es',
      type: expect.stringMatching(/^multipart\/form-data; boundary=/) as string,
    })
  })

  it('after a 401 refreshes once and sends the file again with the new token', async () => {
    const tokens: (string | null)[] = []
    server.use(
      http.post('/api/deals/:id/photos', ({ request }) => {
        const auth = request.headers.get('Authorization')
        tokens.push(auth)
        return auth === 'Bearer token-2'
          ? HttpResponse.json([{ id: 'p1' }])
          : HttpResponse.json({ message: 'expired' }, { status: 401 })
      }),
    )
    const events = signedIn()
    const progress: number[] = []
    await expect(
      request({ ...photoUpload('d1'), onUploadProgress: (fraction) => progress.push(fraction) }),
    ).resolves.toEqual([{ id: 'p1' }])
    expect(tokens).toEqual(['Bearer token-1', 'Bearer token-2'])
    expect(progress.at(-1)).toBe(1)
    expect(events).toEqual([])
  })

  it('turns an error answer into the same ApiError, and signs out a deactivated account', async () => {
    server.use(
      http.post('/api/deals/bad/photos', () =>
        HttpResponse.json(
          { message: 'Too many photos', fields: { file: 'At most 25' } },
          { status: 400, statusText: 'Bad Request' },
        ),
      ),
      http.post('/api/deals/gone/photos', () =>
        HttpResponse.json({ message: 'Account Deactivated', code: 'account_deactivated' }, { status: 403 }),
      ),
    )
    const events = signedIn()
    const onUploadProgress = () => {}
    const error = (await request({ ...photoUpload('bad'), onUploadProgress }).catch((e: unknown) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, statusText: 'Bad Request', message: 'Too many photos' })
    expect(error.fields).toEqual({ file: 'At most 25' })
    expect(events).toEqual([])
    await expect(request({ ...photoUpload('gone'), onUploadProgress })).rejects.toMatchObject({
      status: 403,
      code: 'account_deactivated',
    })
    expect(events).toEqual(['deactivated'])
  })

  it('stops on abort with the signal’s reason, as fetch does', async () => {
    const answer = held()
    server.use(
      http.post('/api/deals/:id/photos', async () => {
        await answer.released
        return HttpResponse.json([])
      }),
    )
    signedIn()
    const uploads = watchUploads()
    const controller = new AbortController()
    const progress: number[] = []
    const result = request({
      ...photoUpload('d1'),
      signal: controller.signal,
      onUploadProgress: (fraction) => progress.push(fraction),
    })
    await vi.waitFor(() => expect(uploads).toHaveLength(1))
    sent(uploads[0], 10, 100)
    controller.abort()
    await expect(result).rejects.toMatchObject({ name: 'AbortError' })
    expect(progress).toEqual([0.1])
    answer.release()

    await expect(
      request({ ...photoUpload('d1'), signal: controller.signal, onUploadProgress: () => {} }),
    ).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('fails a lost connection with a TypeError, as fetch does', async () => {
    server.use(http.post('/api/deals/:id/photos', () => HttpResponse.error()))
    signedIn()
    await expect(request({ ...photoUpload('d1'), onUploadProgress: () => {} })).rejects.toBeInstanceOf(TypeError)
  })
})

describe('request for a download', () => {
  it('gives the exact bytes as a File named by Content-Disposition, with the token', async () => {
    signedIn()
    let authorization: string | null = null
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62, 0x0d, 0x0a])
    server.use(
      http.get('/api/deals/d-1/interests.csv', ({ request: sent }) => {
        authorization = sent.headers.get('Authorization')
        return new HttpResponse(bytes, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="buyers.csv"; filename*=UTF-8''compradores-%C3%B1.csv`,
          },
        })
      }),
    )
    const file = await request({ url: '/api/deals/d-1/interests.csv', auth: 'user', responseType: 'file' })
    expect(authorization).toBe('Bearer token-1')
    expect(file.name).toBe('compradores-ñ.csv')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes)
  })

  it('turns an error answer into an ApiError with the server message', async () => {
    signedIn()
    server.use(http.get('/api/x.csv', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })))
    await expect(request({ url: '/api/x.csv', auth: 'user', responseType: 'file' })).rejects.toMatchObject({
      status: 403,
      message: 'Forbidden',
    })
  })
})

describe('dispositionFilename', () => {
  it.each([
    ['attachment; filename="a b.csv"', 'a b.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    [`attachment; filename="x.csv"; filename*=UTF-8''%C3%B1.csv`, 'ñ.csv'],
    [`attachment; filename="x.csv"; filename*=UTF-8''%E0%A4%A.csv`, 'x.csv'],
    ['inline', null],
  ])('%s → %s', (header, expected) => {
    expect(dispositionFilename(header)).toBe(expected)
  })
})
