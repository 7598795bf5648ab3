import { queryOptions, type DataTag } from '@tanstack/react-query'
import type { Answer, CallInput, EndpointSpec, LazyEndpoint, Params } from '@/contract'
import { call, type CallArgs } from './call'

type KeyInput = { params?: Record<string, string> | undefined; query?: unknown }

/** The path's segments after `/api/`, parameters filled in: `/api/deals/:id/interests` → `['deals', id, 'interests']`. */
function segments(path: string, params: Record<string, string> = {}): string[] {
  return path
    .replace(/^\/api\//, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (params[segment.slice(1)] ?? segment) : segment))
}

/**
 * Query keys mirror the URL: the path's segments, then the query (an empty object without one), e.g.
 * `['deals', '42', {}]` for one listing and `['deals', { page: 2 }]` for a page of them. So React Query's
 * prefix matching follows the API's own shape:
 * - `keyFor(endpoints.listDeals)` (no query) matches every page and filter of that endpoint only;
 * - `pathKey(endpoints.getDeal, { id })` matches everything under one listing (detail, history, interests);
 * - `pathKey(endpoints.listDeals)` matches everything under `/api/deals`.
 *
 * The key carries the endpoint's answer type (React Query's `DataTag`), so `getQueryData` and
 * `setQueryData` with it are typed by the contract without naming the type.
 */
export function keyFor<E extends EndpointSpec>(
  endpoint: E | LazyEndpoint<E>,
  input?: KeyInput & Partial<CallInput<E>>,
) {
  const key = [...segments(endpoint.path, input?.params), input?.query ?? {}] as const
  // Only a type tag: the key is the same array; the data under it is the endpoint's parsed answer.
  return key as DataTag<typeof key, Answer<E>>
}

/** The key prefix of everything under an endpoint's path (see `keyFor`). */
export function pathKey<E extends EndpointSpec>(
  endpoint: E | LazyEndpoint<E>,
  ...[params]: Params<E> extends undefined ? [] : [Params<E>]
) {
  return segments(endpoint.path, params)
}

/**
 * React Query options for a GET endpoint: the key derived from the call (`keyFor`), the fetch through
 * `call` with React Query's abort signal, and the answer typed by the contract.
 */
export function queryFor<E extends EndpointSpec>(endpoint: E | LazyEndpoint<E>, ...[input]: CallArgs<E>) {
  return queryOptions({
    queryKey: keyFor(endpoint, input),
    queryFn: ({ signal }) => call(endpoint, ...([{ ...input, signal }] as CallArgs<E>)),
  })
}
