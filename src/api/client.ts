import type { z } from 'zod'
import { authTransport } from '@/auth/transport'
import { ApiError, ContractError } from './errors'
import { toQueryString, type QueryParams } from './query-string'

export const AUTH_REQUIRED_MESSAGE = 'Authentication required'
export const SESSION_EXPIRED_MESSAGE = 'Authentication session expired. Please sign in again.'
/** The server's error code for a deactivated account; other 403s are role refusals and keep the session. */
export const ACCOUNT_DEACTIVATED_CODE = 'account_deactivated'

/** Paths that carry no token (spec §7). */
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
  /** When given, the answer is parsed with it: the contract schema of the endpoint. */
  schema?: z.ZodType<T>
  signal?: AbortSignal
  /** The caller's language, so server messages come back in it. */
  language?: string
  /**
   * `'none'`: send no token and ask for none, even on a path outside spec §7's public list (the public
   * invitation calls under `/api/auth/validate-invitation/` and `/api/aws-auth/`).
   */
  auth?: 'none'
}

let currentLanguage: string | undefined
/** The i18n layer keeps this in step so every call sends Accept-Language. */
export const setRequestLanguage = (language: string) => {
  currentLanguage = language
}

async function send(options: RequestOptions<unknown>, token: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' })
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
  return fetch(`${options.url}${toQueryString(options.query)}`, {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: token ? 'include' : 'same-origin',
    signal: options.signal,
  })
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

/**
 * The one fetch of the SPA. Private calls get a fresh token first and the bearer header; a 401 triggers
 * one forced refresh and one retry; a 403 for a deactivated account signs out; any non-OK answer becomes
 * an ApiError.
 */
export async function request<T = unknown>(options: RequestOptions<T>): Promise<T> {
  const isPrivate = options.auth !== 'none' && !isPublicPath(options.url)
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

  const body = await readBody(response)
  if (!response.ok) {
    const error = new ApiError(response.status, response.statusText, body)
    if (isPrivate && response.status === 403 && error.code === ACCOUNT_DEACTIVATED_CODE) auth.onDeactivated()
    throw error
  }
  if (!options.schema) return body as T
  const parsed = options.schema.safeParse(body)
  if (!parsed.success) throw new ContractError(options.url, parsed.error.issues)
  return parsed.data
}

export const api = {
  get: <T>(url: string, options: Omit<RequestOptions<T>, 'url' | 'method'> = {}) =>
    request<T>({ ...options, url, method: 'GET' }),
  post: <T>(url: string, body?: unknown, options: Omit<RequestOptions<T>, 'url' | 'method' | 'body'> = {}) =>
    request<T>({ ...options, url, body, method: 'POST' }),
  put: <T>(url: string, body?: unknown, options: Omit<RequestOptions<T>, 'url' | 'method' | 'body'> = {}) =>
    request<T>({ ...options, url, body, method: 'PUT' }),
  patch: <T>(url: string, body?: unknown, options: Omit<RequestOptions<T>, 'url' | 'method' | 'body'> = {}) =>
    request<T>({ ...options, url, body, method: 'PATCH' }),
  delete: <T>(url: string, options: Omit<RequestOptions<T>, 'url' | 'method'> = {}) =>
    request<T>({ ...options, url, method: 'DELETE' }),
}
