import { beforeAll, describe, expect, it } from 'vitest'
import {
  ApiErrorBodySchema,
  endpoints,
  paramNames,
  pathFor,
  satisfiesRoles,
  type EndpointSpec,
} from '../../../src/contract'
import { client } from '../contract-client'
import { testAppForFile } from '../identity-helpers'
import { MATRIX, type EndpointName, type Rule } from './matrix'
import { BODIES, PARAMS, STAND_IN_BODIES } from './params'
import { ACTIVE_ROLES, buildWorld, CALLERS, isActive, tamperedTokens, type CallerName, type World } from './world'

/*
 * Runs the authorization matrix: each endpoint named is called as each of the ten callers, the refused ones
 * first (a refused call changes nothing), then the allowed ones, and the answer is judged against what the
 * contract's auth/roles and the matrix's entry say.
 */

export type Expected = { allowed: true } | { allowed: false; status: 401 | 403 | 404; code?: string }

/** An address that is not this machine's: the loopback-only endpoints must not answer it. */
const OUTSIDE = '198.51.100.7'

export function expectedFor(spec: EndpointSpec, rule: Rule, caller: CallerName): Expected {
  if (rule === 'public') return { allowed: true }
  if (rule === 'loopback') return { allowed: false, status: 404 }
  if (caller === 'anonymous' || caller === 'forged') return { allowed: false, status: 401, code: 'auth_required' }
  if (caller === 'deactivated') return { allowed: false, status: 403, code: 'account_deactivated' }
  if (!isActive(caller)) throw new Error(`No rule for ${caller}`)
  if (spec.roles && !satisfiesRoles(ACTIVE_ROLES[caller], spec.roles))
    return { allowed: false, status: 403, code: 'forbidden' }
  if (rule === 'signed-in' || rule.allow.includes(caller)) return { allowed: true }
  return { allowed: false, status: rule.except?.[caller] ?? rule.otherwise }
}

const specOf = (name: EndpointName) => endpoints[name] as EndpointSpec

/** The endpoints of listings and what hangs on them (offers, conversations, interests): one test file's share. */
const isListingArea = (name: EndpointName) => /^\/api\/(deals|offers|chat|interests)\b/.test(specOf(name).path)
/** The admin panel's endpoints (only admins and owners pass their roles): another file's share. */
const isAdminArea = (name: EndpointName) => /^\/api\/(admin|help\/admin)\//.test(specOf(name).path)
const ALL = Object.keys(MATRIX) as EndpointName[]
export const LISTING_AREA = ALL.filter(isListingArea)
export const ADMIN_AREA = ALL.filter((name) => !isListingArea(name) && isAdminArea(name))
export const OTHER_AREAS = ALL.filter((name) => !isListingArea(name) && !isAdminArea(name))

/** The matrix's own checks: an entry for every endpoint and none for a missing one, a provider for every path parameter. */
export function describeCompleteness() {
  describe('the authorization matrix covers the contract', () => {
    const names = Object.keys(endpoints)
    it('has an entry for every endpoint and none for an endpoint that is gone', () => {
      expect(
        names.filter((name) => !(name in MATRIX)),
        'endpoints without an entry',
      ).toEqual([])
      expect(
        Object.keys(MATRIX).filter((name) => !names.includes(name)),
        'entries without an endpoint',
      ).toEqual([])
    })
    it('has a provider for every path parameter, and none for an endpoint without one', () => {
      const withParams = names.filter((name) => paramNames(specOf(name as EndpointName).path).length > 0)
      expect(
        withParams.filter((name) => !(name in PARAMS)),
        'endpoints without params',
      ).toEqual([])
      expect(
        Object.keys(PARAMS).filter((name) => !withParams.includes(name)),
        'providers without a parameter',
      ).toEqual([])
    })
    it('agrees with the contract on public and loopback endpoints', () => {
      for (const name of names as EndpointName[]) {
        const { auth } = specOf(name)
        const rule = MATRIX[name]
        if (rule === 'public' || rule === 'loopback') expect(auth, name).toBe(rule)
        else expect(auth, name).toBe('user')
      }
    })
  })
}

async function callAs(world: World, name: EndpointName, caller: CallerName, allowed: boolean) {
  const spec = specOf(name)
  const provided = (await PARAMS[name]?.(world, { caller, allowed })) ?? { params: {} }
  const body = spec.body && !spec.multipart ? (BODIES[name]?.(world) ?? {}) : undefined
  const response = await world.t.app.inject({
    method: spec.method,
    url: pathFor(spec.path, provided.params),
    headers: world.headers[caller],
    remoteAddress: OUTSIDE,
    ...(body !== undefined && { payload: body as object }),
  })
  return { response, placeholder: (provided.placeholder ?? false) || STAND_IN_BODIES.has(name) }
}

/**
 * One test per endpoint of `names`, over one app and one world for the file; with `tamperedTokens`, one more for
 * tokens made from genuine ones (beyond the matrix's forged caller, whose token is signed with another key).
 */
export function describeMatrix(
  title: string,
  names: readonly EndpointName[],
  options: { tamperedTokens?: boolean } = {},
) {
  describe(title, () => {
    const t = testAppForFile()
    let world: World
    // Ten sign-ins and the objects: a budget for a loaded machine, not a speed check.
    beforeAll(async () => {
      world = await buildWorld(t)
    }, 180_000)

    if (options.tamperedTokens)
      it('refuses tokens made from genuine ones (unsigned, claims swapped, signature altered) with 401', async () => {
        const { buyer, admin } = world.users
        const wrong: string[] = []
        for (const [kind, token] of Object.entries(tamperedTokens(buyer.tokens.idToken, admin.tokens.idToken))) {
          for (const name of ['me', 'adminUsers'] as const) {
            const response = await client(t.app).send(endpoints[name], {
              headers: { authorization: `Bearer ${token}` },
            })
            const error = ApiErrorBodySchema.safeParse(response.json())
            if (response.statusCode !== 401 || error.data?.code !== 'auth_required')
              wrong.push(`${kind}, ${name}: ${response.statusCode} ${response.body.slice(0, 120)}`)
          }
        }
        expect(wrong).toEqual([])
      })

    it.each(names.map((name) => [name]))('%s', async (name) => {
      const spec = specOf(name)
      const rule = MATRIX[name]
      const plan = CALLERS.map((caller) => ({ caller, expected: expectedFor(spec, rule, caller) }))
      // Refused callers first: a refusal changes nothing, so the allowed calls after them find the objects intact.
      plan.sort((a, b) => Number(a.expected.allowed) - Number(b.expected.allowed))
      const wrong: string[] = []
      for (const { caller, expected } of plan) {
        const { response, placeholder } = await callAs(world, name, caller, expected.allowed)
        const status = response.statusCode
        const saw = `${caller}: ${status} ${response.body.slice(0, 160)}`
        if (expected.allowed) {
          const refused = status === 401 || status === 403 || (status === 404 && !placeholder)
          if (refused || status >= 500) wrong.push(`${saw} (expected to be let through)`)
          continue
        }
        const error = ApiErrorBodySchema.safeParse(response.json())
        if (status !== expected.status || !error.success || (expected.code && error.data.code !== expected.code))
          wrong.push(`${saw} (expected ${expected.status}${expected.code ? ` ${expected.code}` : ''})`)
      }
      if (rule === 'loopback') {
        // From this machine, connected directly, the same call is answered.
        const spec = specOf(name)
        const response = await world.t.app.inject({ method: spec.method, url: spec.path, remoteAddress: '127.0.0.1' })
        if (response.statusCode === 404 || response.statusCode >= 500)
          wrong.push(`loopback: ${response.statusCode} (expected to be let through)`)
      }
      expect(wrong, `${spec.method} ${spec.path}`).toEqual([])
    })
  })
}
