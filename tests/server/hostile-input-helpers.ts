import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBodySchema, endpoints } from '../../src/contract'
import type { Database } from '../../server/db/client'
import {
  contextFor,
  routeCollector,
  type FuzzContext,
  type HostileRequest,
  type RouteInfo,
} from '../../bench/bad-input-requests'
import { hostileRequestFor } from '../../bench/hostile-requests'
import { callerWith, type Caller } from './accounts-helpers'
import { conversation } from './chat-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'
import { tableNames } from './table-names'

/**
 * Tables a refused request may change, and why; every other table of the public schema is fingerprinted.
 * - rate_limit_counters: every request counts against its caller's or address's limits, refused or not.
 * - identity_signin_failures: a wrong password is counted (the sign-in throttle), and it is refused.
 * - deal_views, deal_view_days, dashboard_visits: read logs, written by the pages a request reads.
 */
export const UNFINGERPRINTED_TABLES = [
  'rate_limit_counters',
  'identity_signin_failures',
  'deal_views',
  'deal_view_days',
  'dashboard_visits',
]

/** One statement: per table of the public schema (less the exclusions), its row count and a hash of its rows. */
export async function fingerprintQuery(db: Database) {
  const names = (await tableNames(db, 'public')).filter((name) => !UNFINGERPRINTED_TABLES.includes(name))
  const parts = names.map(
    (name) =>
      // A sum of row hashes: no sort, and any changed, added or removed row changes it.
      `select '${name}' as name, count(*)::int as rows, coalesce(sum(hashtext(t::text)::bigint), 0)::text as hash from ${name} t`,
  )
  const statement = sql.raw(parts.join(' union all '))
  return async () => {
    const answer = (await db.execute(statement)) as unknown as { rows: { name: string; rows: number; hash: string }[] }
    return Object.fromEntries(answer.rows.map((row) => [row.name, `${row.rows}:${row.hash}`]))
  }
}

/**
 * The callers and real objects a run needs: a buyer and a seller with a listing, a conversation and an offer
 * between them, a hybrid user, an owner and an admin.
 */
export async function hostileSetup(t: TestApp) {
  const { seller, buyer, deal, thread } = await conversation(t)
  const others: Caller[] = []
  for (const roles of [['buyer', 'originator'], ['owner'], ['admin']] as const) {
    others.push(await callerWith(t, [...roles]))
  }
  await client(t.app, buyer).ok(endpoints.submitOffer, {
    params: { id: deal.id },
    body: { type: 'cash', purchasePrice: 240000, closeOfEscrowDate: '2099-06-30' },
  })
  const callers = [buyer, seller, ...others]
  // The admin last: contextFor reads sample ids with the last caller's headers.
  const authHeaders = [{}, { authorization: 'Bearer not.a.token' }, ...callers.map((caller) => caller.headers)]
  const inject = (options: InjectOptions) => t.app.inject(options)
  const context = await contextFor(inject, authHeaders)
  context.ids.push(deal.id, thread.threadId, seller.id, buyer.id)
  return { context }
}

const isWrite = (request: HostileRequest) => request.options.method !== 'GET'

/** What a failure prints: enough to read the request (the seed replays it). */
function show(request: HostileRequest) {
  const payload = request.options.payload
  const body =
    typeof payload === 'string'
      ? JSON.stringify(payload.slice(0, 300))
      : payload
        ? `<${String(payload).length} bytes>`
        : ''
  return `${request.options.method} ${String(request.options.url).slice(0, 300)} [${request.kind}] ${body}`
}

/**
 * The database as the last refused write left it: the next request's "before" when it comes straight after
 * (any other request forgets it), so a run of refusals on one route costs one fingerprint each.
 */
let known: Record<string, string> | undefined

/**
 * The property for one route: no hostile request gets a 5xx; every refusal is in the error shape with a
 * message (Cognito's own shape on the identity provider's route); a refused write changes no table.
 */
export async function assertRouteHolds(
  t: TestApp,
  route: RouteInfo,
  context: Parameters<typeof hostileRequestFor>[1],
  fingerprint: () => Promise<Record<string, string>>,
  options: { numRuns: number; seed: number },
) {
  known = undefined
  await fc.assert(
    fc.asyncProperty(hostileRequestFor(route, context), async (request) => {
      const before = isWrite(request) ? (known ?? (await fingerprint())) : undefined
      known = undefined
      const answer = await t.app.inject(request.options)
      const what = `${answer.statusCode} ${show(request)} -> ${answer.body.slice(0, 300)}`
      expect(answer.statusCode, what).toBeLessThan(500)
      if (answer.statusCode < 400) return
      if (route.url === '/cognito-idp/') {
        expect(answer.json(), what).toMatchObject({ __type: expect.any(String) })
      } else if (route.url.startsWith('/api/')) {
        const body = ApiErrorBodySchema.safeParse(answer.json())
        expect(body.success, what).toBe(true)
        expect(body.data?.message.length, what).toBeGreaterThan(0)
      }
      if (!before) return
      const after = await fingerprint()
      expect(after, `a refused write changed the database: ${what}`).toEqual(before)
      known = after
    }),
    { numRuns: options.numRuns, seed: options.seed },
  )
}

/** Requests per route: with every route of the app (about 166), over 1,000 in all. */
const RUNS_PER_ROUTE = 7
/** Route i runs with seed SEED + i; fast-check prints the seed and path of a failure to replay it. */
const SEED = Number(process.env.HOSTILE_SEED ?? 20261127)

/**
 * The suite over every `parts`-th route of the app starting at `part` (split so test workers share it): each
 * route's property with its own seed, on one app with real callers and objects.
 */
export function hostileInputSuite(part: number, parts: number) {
  describe(`hostile input derived from the contract, routes ${part + 1} of every ${parts}`, () => {
    const { routes, onRoute } = routeCollector()
    let t: TestApp
    let context: FuzzContext
    let fingerprint: () => Promise<Record<string, string>>
    beforeAll(async () => {
      t = await createTestApp({ onRoute })
      ;({ context } = await hostileSetup(t))
      fingerprint = await fingerprintQuery(t.db)
    }, 120_000)
    afterAll(() => t.close())

    it('answers no request with a 5xx, refuses in the error shape, and a refused write changes nothing', async () => {
      expect(routes.length * RUNS_PER_ROUTE).toBeGreaterThanOrEqual(1000)
      for (const [index, route] of routes.entries()) {
        if (index % parts !== part) continue
        await assertRouteHolds(t, route, context, fingerprint, { numRuns: RUNS_PER_ROUTE, seed: SEED + index })
      }
    }, 300_000)
  })
}
