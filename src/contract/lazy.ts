import type { EndpointSpec } from './endpoint'
import type { endpoints } from './endpoints'
import type { Route } from './route'
import type { EndpointName, routes } from './routes'

/**
 * An endpoint known by its plain route (method, path, auth: `routes.ts`, no zod), whose schemas load when
 * first asked for. The SPA's start-up calls (the user, feature flags, realtime config) use these, so zod and
 * the schemas are not part of the first paint; `call` fetches and loads the schemas side by side and parses
 * the answer as it does for any endpoint.
 */
export type LazyEndpoint<E extends EndpointSpec> = Route &
  Pick<E, 'method' | 'path' | 'auth'> & { load: () => Promise<E> }

/**
 * `lazyEndpoint('me', routes.me)`: the `me` endpoint of the table, its schemas loaded on the first call. The
 * route is passed as a static property access so the bundler keeps only the routes start-up code names.
 */
export function lazyEndpoint<N extends EndpointName>(
  name: N,
  route: (typeof routes)[N],
): LazyEndpoint<(typeof endpoints)[N]> {
  return { ...route, load: () => import('./endpoints').then((table) => table.endpoints[name]) }
}

export const isLazyEndpoint = <E extends EndpointSpec>(endpoint: E | LazyEndpoint<E>): endpoint is LazyEndpoint<E> =>
  'load' in endpoint
