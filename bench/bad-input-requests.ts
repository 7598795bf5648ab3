import fc from 'fast-check'
import type { InjectOptions, RouteOptions } from 'fastify'
import type { z } from 'zod'
import { endpoints } from '../src/contract'
import { hostileRequestFor, type FuzzContext, type HostileRequest, type RouteInfo } from './hostile-requests'
import { benchSignIn } from './sign-in'

/*
 * Hostile requests for every route the app registers, derived with fast-check from the contract's zod schemas
 * (bench/hostile-requests.ts): shared by `bench/bad-input.ts` (ten thousand) and the server tests.
 */

export type { FuzzContext, HostileRequest, RouteInfo } from './hostile-requests'

const contractEndpoints = new Map(
  Object.values(endpoints).map((endpoint) => [
    `${endpoint.method} ${endpoint.path}`,
    endpoint as Record<string, unknown>,
  ]),
)

/** Collects every route with the zod schemas it takes; pass it as buildApp's `onRoute`. */
export function routeCollector() {
  const routes: RouteInfo[] = []
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const schema = (route.schema ?? {}) as { body?: z.ZodType; querystring?: z.ZodType }
    for (const method of methods) {
      if (method === 'HEAD') continue
      const endpoint = contractEndpoints.get(`${method} ${route.url}`)
      routes.push({
        method,
        url: route.url,
        body: (endpoint?.body as z.ZodType | undefined) ?? schema.body,
        query: schema.querystring,
        multipart: endpoint?.multipart === true,
        formEncoded: endpoint?.formEncoded === true,
      })
    }
  }
  return { routes, onRoute }
}

export type RunResult = {
  total: number
  byClass: Record<string, number>
  byRoute: Map<string, Record<string, number>>
  failures: { route: string; kind: string; status: number; request: string; body: string }[]
}

/** Route `index`'s share of `count` requests spread evenly over `routes`. */
const shareOf = (count: number, routes: number, index: number) =>
  Math.floor(count / routes) + (index < count % routes ? 1 : 0)

/**
 * Sends `count` hostile requests spread evenly over `routes` through `inject`, and counts the answers. Each
 * route's share is sampled with `seed + index` just before it is sent (some carry a 10 MB file).
 */
export async function runBadInput(
  inject: (options: InjectOptions) => Promise<{ statusCode: number; body: string }>,
  routes: RouteInfo[],
  options: { count: number; seed: number; context: FuzzContext },
): Promise<RunResult> {
  const result: RunResult = { total: 0, byClass: {}, byRoute: new Map(), failures: [] }
  for (const [index, route] of routes.entries()) {
    const share = shareOf(options.count, routes.length, index)
    if (share === 0) continue
    for (const request of fc.sample(hostileRequestFor(route, options.context), {
      numRuns: share,
      seed: options.seed + index,
    })) {
      await send(inject, request, result)
    }
  }
  return result
}

async function send(
  inject: (options: InjectOptions) => Promise<{ statusCode: number; body: string }>,
  request: HostileRequest,
  result: RunResult,
) {
  const route = request.route
  let status: number
  let body: string
  try {
    const answer = await inject(request.options)
    status = answer.statusCode
    body = answer.body
  } catch (error) {
    status = 599
    body = String(error)
  }
  const statusClass = `${Math.floor(status / 100)}xx`
  result.total += 1
  result.byClass[statusClass] = (result.byClass[statusClass] ?? 0) + 1
  const name = `${route.method} ${route.url}`
  const counts = result.byRoute.get(name) ?? {}
  counts[statusClass] = (counts[statusClass] ?? 0) + 1
  result.byRoute.set(name, counts)
  if (status >= 500) {
    const payload = request.options.payload
    result.failures.push({
      route: name,
      kind: request.kind,
      status,
      request: `${request.options.method} ${String(request.options.url).slice(0, 200)} ${JSON.stringify(request.options.headers?.['content-type'] ?? '')} ${typeof payload === 'string' ? JSON.stringify(payload.slice(0, 200)) : payload ? '<buffer>' : ''}`,
      body: body.slice(0, 300),
    })
  }
}

const IDENTITY_TARGETS = [
  'InitiateAuth',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'RespondToAuthChallenge',
  'ChangePassword',
  'GetUser',
  'UpdateUserAttributes',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'GlobalSignOut',
  'RevokeToken',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'AdminCreateUser',
]

type Injector = (options: InjectOptions) => Promise<{ statusCode: number; body: string; json(): unknown }>

/**
 * Signs in each given account through the embedded identity provider and gathers ids of real rows
 * (listings, users), so hostile requests also reach handlers past their "not found" checks.
 */
export async function prepareRun(inject: Injector, accounts: { email: string; password: string }[]) {
  const authHeaders: Record<string, string>[] = [{}, { authorization: 'Bearer not.a.token' }]
  for (const account of accounts) {
    authHeaders.push(await benchSignIn(inject, account.email, account.password))
  }
  return { authHeaders, context: await contextFor(inject, authHeaders) }
}

/** The run's context: the callers, and ids of real listings and users, read with the last caller's (an admin's) headers. */
export async function contextFor(inject: Injector, authHeaders: Record<string, string>[]): Promise<FuzzContext> {
  const adminHeaders = authHeaders.at(-1)!
  const ids: string[] = []
  const deals = (await inject({ method: 'GET', url: '/api/deals?pageSize=5', headers: adminHeaders })).json() as {
    items?: { id: string }[]
  }
  ids.push(...(deals.items ?? []).map((deal) => deal.id))
  const people = (
    await inject({ method: 'GET', url: '/api/admin/users?pageSize=5', headers: adminHeaders })
  ).json() as {
    items?: { id: string }[]
  }
  ids.push(...(people.items ?? []).map((user) => user.id))
  return { ids, identityTargets: IDENTITY_TARGETS, authHeaders }
}

/** The run's figures as lines: per status class, then per route, then every 5xx. */
export function formatResult(result: RunResult): string[] {
  const lines = [`${result.total} hostile requests`]
  const classes = Object.entries(result.byClass).sort()
  lines.push(`  by status class: ${classes.map(([name, n]) => `${name} ${n}`).join(', ')}`)
  lines.push('  by route:')
  for (const [route, counts] of [...result.byRoute.entries()].sort()) {
    const text = Object.entries(counts)
      .sort()
      .map(([name, n]) => `${name} ${n}`)
      .join(', ')
    lines.push(`    ${route.padEnd(48)} ${text}`)
  }
  if (result.failures.length > 0) {
    lines.push(`  ${result.failures.length} answers of 500 or more:`)
    for (const failure of result.failures.slice(0, 50)) {
      lines.push(`    ${failure.status} ${failure.route} [${failure.kind}] ${failure.request}`)
      lines.push(`        -> ${failure.body}`)
    }
  }
  return lines
}
