import { parse } from 'zod'
import { toQueryString, type QueryParams } from '../../src/api/query-string'
import {
  pathFor,
  successSchema,
  successStatus,
  type Answer,
  type CallInput,
  type EndpointSpec,
} from '../../src/contract'
import type { App } from '../../server/app'

type Extras = {
  /** Extra headers (e.g. Accept-Language). */
  headers?: Record<string, string>
  /** The caller's IP; per-address rate limits count by it. */
  ip?: string
}

export type ClientInput<E extends EndpointSpec> = Partial<CallInput<E>> & Extras

/**
 * The server tests' way in: endpoints from the contract table through `app.inject`, as a signed-in caller
 * (`as`) or nobody. `send` gives the raw answer, to judge any status; `ok` expects the endpoint's success
 * status and gives the answer parsed by its schema, typed as the SPA's `call` gives it.
 */
export function client(app: App, as?: { headers: Record<string, string> }) {
  function send<E extends EndpointSpec>(endpoint: E, input: ClientInput<E> = {}) {
    const { params, query, body, headers, ip } = input
    const url = pathFor(endpoint.path, params ?? {}) + toQueryString(query as QueryParams | undefined)
    return app.inject({
      method: endpoint.method,
      url,
      headers: { ...as?.headers, ...headers },
      ...(body !== undefined && { payload: body as object }),
      ...(ip && { remoteAddress: ip }),
    })
  }

  async function ok<E extends EndpointSpec>(endpoint: E, input: ClientInput<E> = {}): Promise<Answer<E>> {
    const response = await send(endpoint, input)
    const expected = successStatus(endpoint)
    if (response.statusCode !== expected) {
      throw new Error(
        `${endpoint.method} ${endpoint.path}: expected ${expected}, got ${response.statusCode} ${response.body}`,
      )
    }
    return parse(successSchema(endpoint), response.json())
  }

  return { send, ok }
}
