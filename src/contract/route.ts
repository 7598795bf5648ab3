import type { Role } from './roles'

/*
 * The plain, zod-free part of an endpoint: what a request needs (method, path, who may call it). The SPA's
 * start-up code builds its calls from this alone (see `routes.ts`), so zod and the schemas stay off the first
 * paint; `endpoint.ts` builds on it. This module may import types only.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** What a request to an endpoint needs: method, Fastify-style path (`:name` parameters) and who may call it. */
export type Route = {
  method: Method
  path: string
  /**
   * `public`: no token sent, none required. `user`: a signed-in, active account; with `roles`, one of
   * them (admins and owners pass every check, admin-only ones included: spec §6). `loopback`: no token,
   * but only a caller on the server's own machine, connected directly (no proxy in between); anyone else is
   * told the route does not exist (the development outbox).
   */
  auth: 'public' | 'user' | 'loopback'
  roles?: readonly Role[]
}

export const SUCCESS_STATUSES = [200, 201, 202] as const
export type SuccessStatus = (typeof SUCCESS_STATUSES)[number]

/** The path's parameter names in order: `'/api/deals/:id'` → `['id']`. */
export function paramNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!)
}

/** `/api/x/:id` + `{ id: 'a b' }` → `/api/x/a%20b`. */
export function pathFor(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}
