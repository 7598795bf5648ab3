import type { z } from 'zod'
import {
  isLazyEndpoint,
  pathFor,
  successSchema,
  type Answer,
  type CallInput,
  type EndpointSpec,
  type LazyEndpoint,
  type Route,
} from '@/contract'
import { request, type RequestOptions } from './client'
import { toQueryString } from './query-string'

export type CallOptions = {
  signal?: AbortSignal
  /** With a FormData body: called with the fraction sent so far, 0 to 1. */
  onUploadProgress?: (fraction: number) => void
}

/** The arguments of `call`: the input may be left out only when the endpoint needs none. */
export type CallArgs<E extends EndpointSpec> =
  Record<string, never> extends CallInput<E>
    ? [input?: CallInput<E> & CallOptions]
    : [input: CallInput<E> & CallOptions]

function requestOptions<E extends EndpointSpec>(endpoint: Route, input: (CallInput<E> & CallOptions) | undefined) {
  const { params, query, body, signal, onUploadProgress } = input ?? {}
  return {
    method: endpoint.method,
    url: pathFor(endpoint.path, params ?? {}),
    query: query ?? undefined,
    body,
    signal,
    onUploadProgress,
    auth: endpoint.auth,
  } satisfies RequestOptions<unknown>
}

/**
 * Calls one endpoint of the contract: the method, the path, the token (none for a public endpoint) and the
 * answer's schema all come from it, so the answer is typed and checked. Errors are ApiErrors. A lazy
 * endpoint (`lazyEndpoint`, for start-up calls) loads its schemas while the request is under way.
 */
export function call<E extends EndpointSpec>(
  endpoint: E | LazyEndpoint<E>,
  ...[input]: CallArgs<E>
): Promise<Answer<E>> {
  if (!isLazyEndpoint(endpoint)) return request({ ...requestOptions(endpoint, input), schema: successSchema(endpoint) })
  const schema = endpoint.load().then((spec) => successSchema(spec))
  // Awaited only once the answer is in: a failed request must not leave this rejection unhandled.
  schema.catch(() => undefined)
  return request({ ...requestOptions(endpoint, input), schema })
}

/** Downloads a file endpoint's answer (CSV exports): a File of its exact bytes, named by the server. */
export function download<E extends EndpointSpec & { download: string }>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<File> {
  return request({ ...requestOptions(endpoint, input), responseType: 'file' })
}

/**
 * The GET that `call` would send for `endpoint` (its URL, path and query string) and how its answer is judged:
 * for the server, which answers the first calls of a member page it renders itself (src/prerender.tsx).
 */
export function requestOf<E extends EndpointSpec>(
  endpoint: E,
  ...[input]: CallArgs<E>
): { url: string; parse: (answer: unknown) => Answer<E> } {
  const { url, query } = requestOptions(endpoint, input)
  const schema = successSchema(endpoint)
  const parse = <S extends z.ZodType>(judge: S, answer: unknown): z.output<S> => judge.parse(answer)
  return { url: `${url}${toQueryString(query)}`, parse: (answer) => parse(schema, answer) }
}
