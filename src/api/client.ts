import type { z } from 'zod'
import type { Route } from '@/contract'
import { authTransport } from './transport'
import { ApiError, ContractError } from './errors'
import { toQueryString, type QueryParams } from './query-string'

export const AUTH_REQUIRED_MESSAGE = 'Authentication required'
export const SESSION_EXPIRED_MESSAGE = 'Authentication session expired. Please sign in again.'
/** The server's error code for a deactivated account; other 403s are role refusals and keep the session. */
export const ACCOUNT_DEACTIVATED_CODE = 'account_deactivated'

/**
 * Paths that carry no token by spec §7's rule. The SPA's calls follow the contract's `auth` instead (which
 * also makes public a few endpoints outside this list); a server test checks the two agree.
 */
export function isPublicPath(url: string): boolean {
  const path = url.split('?')[0] ?? ''
  if (path.includes('/api/help/')) return !path.includes('/api/help/admin')
  return (
    path.includes('/api/auth/public-') || path.includes('/api/health') || path.includes('/api/analytics/zip-analytics')
  )
}

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  query?: QueryParams
  /** A plain object is sent as JSON; FormData as multipart (the browser sets the boundary). */
  body?: unknown
  /**
   * When given, the answer is parsed with it: the contract schema of the endpoint (or the promise of it,
   * while a lazy endpoint's schemas load beside the request).
   */
  schema?: z.ZodType<T> | Promise<z.ZodType<T>>
  signal?: AbortSignal
  /** The caller's language, so server messages come back in it. */
  language?: string
  /**
   * The endpoint's `auth` in the contract: `'public'` sends no token and asks for none (a 401 is then an
   * answer like any other); `'user'` gets a fresh token first, refreshes once on a 401, signs out on a 403
   * for a deactivated account. `'loopback'` is sent as a public call (only a caller on the server's machine).
   */
  auth: Route['auth']
  /**
   * With a FormData body: called with the fraction of the body sent so far, 0 to 1. The call then goes
   * through XMLHttpRequest, because fetch cannot report upload progress; everything else stays the same.
   */
  onUploadProgress?: (fraction: number) => void
  /**
   * `'file'`: a download. A successful answer resolves to a File of its exact bytes (a BOM stays, unlike
   * `text()`), named by its Content-Disposition; errors are ApiErrors as usual. Pass no schema.
   */
  responseType?: 'file'
}

let currentLanguage: string | undefined
/** The i18n layer keeps this in step so every call sends Accept-Language. */
export const setRequestLanguage = (language: string) => {
  currentLanguage = language
}

async function send(options: RequestOptions<unknown>, token: string | null): Promise<Response> {
  const headers = new Headers({ Accept: options.responseType === 'file' ? '*/*' : 'application/json' })
  const language = options.language ?? currentLanguage
  if (language) headers.set('Accept-Language', language)
  if (token) headers.set('Authorization', `Bearer ${token}`)
  let body: BodyInit | undefined
  if (options.body instanceof FormData) {
    body = options.body
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(options.body)
  }
  const url = `${options.url}${toQueryString(options.query)}`
  const init = {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: token ? 'include' : 'same-origin',
    signal: options.signal,
  } satisfies RequestInit
  return options.onUploadProgress && body instanceof FormData
    ? sendWithProgress(url, { ...init, body }, options.onUploadProgress)
    : fetch(url, init)
}

type SendInit = {
  method: string
  headers: Headers
  body: FormData
  credentials: RequestCredentials
  signal?: AbortSignal
}

/**
 * fetch's request as an XMLHttpRequest, for the one thing fetch cannot do: report upload progress. It settles
 * like fetch (a Response for any HTTP answer, the signal's reason on abort, a TypeError on a network
 * failure) so `request` handles both the same way.
 */
function sendWithProgress(url: string, init: SendInit, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { signal } = init
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open(init.method, url)
    init.headers.forEach((value, name) => xhr.setRequestHeader(name, value))
    xhr.withCredentials = init.credentials === 'include'

    let reported: number | undefined
    const report = (fraction: number) => {
      if (fraction === reported) return
      reported = fraction
      onProgress(fraction)
    }
    // Added before send(): the browser fires upload events only to listeners registered by then.
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) report(Math.min(event.loaded / event.total, 1))
    })
    xhr.upload.addEventListener('load', () => report(1))

    const onAbort = () => {
      reject(signal?.reason)
      xhr.abort()
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    xhr.addEventListener('load', () => {
      signal?.removeEventListener('abort', onAbort)
      resolve(toResponse(xhr))
    })
    xhr.addEventListener('error', () => {
      signal?.removeEventListener('abort', onAbort)
      reject(new TypeError('Failed to fetch'))
    })
    xhr.send(init.body)
  })
}

function toResponse(xhr: XMLHttpRequest): Response {
  const headers = new Headers()
  for (const line of xhr.getAllResponseHeaders().split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  const hasBody = ![204, 205, 304].includes(xhr.status)
  return new Response(hasBody ? xhr.responseText : null, { status: xhr.status, statusText: xhr.statusText, headers })
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const text = await response.text()
  if (!text) return undefined
  const type = response.headers.get('Content-Type') ?? ''
  if (type.includes('json')) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

/** The file name a download's Content-Disposition gives: the RFC 6266 UTF-8 form first, else the plain one. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1]
  if (extended) {
    try {
      return decodeURIComponent(extended.trim())
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/i.exec(header)?.slice(1).find(Boolean) ?? null
}

async function toFile(response: Response): Promise<File> {
  // Bytes rather than response.blob(): a File is then built in this page's own realm in every environment.
  const bytes = new Uint8Array(await response.arrayBuffer())
  const name = dispositionFilename(response.headers.get('Content-Disposition')) ?? 'download'
  return new File([bytes], name, { type: response.headers.get('Content-Type') ?? '' })
}

/**
 * The one fetch of the SPA (an XMLHttpRequest when upload progress is asked for), reached through `call` and
 * `download`, which fill its options from the contract. Private calls get a fresh
 * token first and the bearer header; a 401 triggers one forced refresh and one retry; a 403 for a deactivated
 * account signs out; any non-OK answer becomes an ApiError.
 */
export function request<S extends z.ZodType>(
  options: Omit<RequestOptions<unknown>, 'schema'> & { schema: S | Promise<S> },
): Promise<z.output<S>>
export function request(options: RequestOptions<File> & { responseType: 'file' }): Promise<File>
export function request<T = unknown>(options: RequestOptions<T>): Promise<T>
export async function request<T = unknown>(options: RequestOptions<T>): Promise<T> {
  const isPrivate = options.auth === 'user'
  const auth = authTransport()
  let token: string | null = null
  if (isPrivate) {
    token = await auth.getFreshToken()
    if (!token) throw new ApiError(401, 'Unauthorized', { message: AUTH_REQUIRED_MESSAGE }, AUTH_REQUIRED_MESSAGE)
  }

  let response = await send(options, token)
  if (isPrivate && response.status === 401) {
    const refreshed = await auth.forceRefresh()
    if (!refreshed) {
      auth.onSessionExpired(SESSION_EXPIRED_MESSAGE)
      throw new ApiError(401, response.statusText, await readBody(response), SESSION_EXPIRED_MESSAGE)
    }
    response = await send(options, refreshed)
    if (response.status === 401) {
      auth.onSessionExpired(SESSION_EXPIRED_MESSAGE)
      throw new ApiError(401, response.statusText, await readBody(response), SESSION_EXPIRED_MESSAGE)
    }
  }

  if (response.ok && options.responseType === 'file') return (await toFile(response)) as T
  const body = await readBody(response)
  if (!response.ok) {
    const error = new ApiError(response.status, response.statusText, body)
    if (isPrivate && response.status === 403 && error.code === ACCOUNT_DEACTIVATED_CODE) auth.onDeactivated()
    throw error
  }
  if (!options.schema) return body as T
  const parsed = (await options.schema).safeParse(body)
  if (!parsed.success) throw new ContractError(options.url, parsed.error.issues)
  return parsed.data
}
