import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPublicPath } from '../../src/api/client'
import { endpoints, pathFor, paramNames, type EndpointSpec } from '../../src/contract'
import { callerWith, validPreferences } from './accounts-helpers'
import { client } from './contract-client'
import { createListing, creativeListings } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/

const table: [string, EndpointSpec][] = Object.entries(endpoints)
const withFakeParams = (endpoint: EndpointSpec) =>
  pathFor(
    endpoint.path,
    Object.fromEntries(paramNames(endpoint.path).map((name) => [name, '00000000-0000-4000-8000-000000000000'])),
  )

/** Public endpoints outside spec §7's list: the SPA sends them no token because the contract says so. */
const PUBLIC_BEYOND_SECTION_7 = [
  '/api/openapi.json',
  '/api/config/feature-flags',
  '/api/auth/validate-invitation/:token',
  '/api/aws-auth/signup-with-invitation',
  '/api/config/realtime',
  // The feature roadmap (/features) is read by visitors who are not signed in.
  '/api/roadmap',
  // One-click links in mails work signed out: an alert's unsubscribe (RFC 8058) and a listing's "Still available".
  '/api/unsubscribe',
  '/api/listing-confirmations',
  // Asked by the Cognito pool's Verify Auth Challenge trigger, which proves itself with a bearer secret instead.
  '/api/auth/signin-link/verify',
]

/** Registered only with COGNITO_* and COGNITO_TRIGGER_SECRET set (tests/server/identity-aws-signin-link.test.ts). */
const AWS_MODE_ONLY = ['POST /api/auth/signin-link/verify']

describe('the contract table', () => {
  it("agrees with the SPA's public-path rule of spec §7 on every endpoint", () => {
    for (const [name, endpoint] of table) {
      const url = withFakeParams(endpoint)
      if (isPublicPath(url)) expect(endpoint.auth, `${name} is public by §7`).toBe('public')
      if (endpoint.auth === 'public' && !isPublicPath(url)) {
        expect(PUBLIC_BEYOND_SECTION_7, `${name} is public outside §7's list`).toContain(endpoint.path)
      }
    }
  })
})

describe('routes built from the contract', () => {
  let t: TestApp
  const registered = new Set<string>()
  beforeAll(async () => {
    t = await createTestApp({
      onRoute: (route) => {
        for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`)
      },
    })
  })
  afterAll(() => t.close())

  it('registers every endpoint of the table, and no /api route outside it', () => {
    const declared = new Set(table.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`))
    const apiRoutes = [...registered].filter((route) => / \/api\//.test(route) && !route.startsWith('HEAD '))
    expect(apiRoutes.filter((route) => !declared.has(route))).toEqual([])
    expect([...declared].filter((route) => !registered.has(route) && !AWS_MODE_ONLY.includes(route))).toEqual([])
  })

  it('refuses every private endpoint without a token (401), before looking at anything else', async () => {
    for (const [name, endpoint] of table.filter(([, e]) => e.auth === 'user')) {
      const response = await t.app.inject({ method: endpoint.method, url: withFakeParams(endpoint) })
      expect(response.statusCode, name).toBe(401)
      expect(response.json(), name).toMatchObject({ code: 'auth_required' })
    }
  })

  it('refuses a role-restricted endpoint to a caller without the role (403), before judging the body', async () => {
    const nobody = await callerWith(t, ['buyer'])
    const restricted = table.filter(([, e]) => e.roles && !e.roles.includes('buyer'))
    expect(restricted.length).toBeGreaterThan(5)
    for (const [name, endpoint] of restricted) {
      const response = await t.app.inject({
        method: endpoint.method,
        url: withFakeParams(endpoint),
        headers: nobody.headers,
      })
      expect(response.statusCode, name).toBe(403)
    }
  })

  it('serves an OpenAPI 3.1 document that is valid and lists every endpoint', async () => {
    const document = await client(t.app).ok(endpoints.openApi)
    const validator = new Validator()
    const result = await validator.validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')

    const paths = document.paths as Record<string, Record<string, { operationId: string; security: unknown[] }>>
    for (const [name, endpoint] of table) {
      const operation = paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()]
      expect(operation?.operationId, name).toBe(name)
      expect(operation?.security.length, name).toBe(endpoint.auth === 'user' ? 1 : 0)
    }
  })

  it('sends no field that the answer schema does not name', async () => {
    const me = await callerWith(t, ['buyer'])
    const response = await client(t.app, me).send(endpoints.me)
    const named = Object.keys(endpoints.me.responses[200].shape)
    const keys = Object.keys(response.json() as object)
    expect(keys.length).toBeGreaterThan(0)
    // The row behind the answer holds more (the identity's subject among them): none of it leaves.
    expect(keys.filter((key) => !named.includes(key))).toEqual([])
    expect(keys).not.toContain('cognitoSub')
  })

  it('writes answers whole through their schemas: nulls kept, dates as ISO strings, nested objects and lists', async () => {
    const seller = await callerWith(t, ['originator'])
    const { id } = await createListing(t, seller, creativeListings.SubTo)
    const listing = (await client(t.app, seller).send(endpoints.getDeal, { params: { id } })).json() as Record<
      string,
      unknown
    >
    expect(listing).toMatchObject({
      id,
      loanMaturity: '2050-06-01',
      expectedCloseOfEscrow: null,
      additionalParking: null,
      priorityNotification: { count: 0, sentAt: expect.stringMatching(ISO_INSTANT) },
      listedBy: { id: seller.id },
      photos: [],
      statusHistory: [expect.objectContaining({ status: 'active' })],
    })
    expect(listing.listedOn).toMatch(ISO_INSTANT)
    // Every field the schema names is there, null or not: the SPA reads the answer as the schema says.
    expect(Object.keys(listing).sort()).toEqual(Object.keys(endpoints.getDeal.responses[200].shape).sort())

    const buyer = await callerWith(t, ['buyer'])
    expect(await client(t.app, buyer).ok(endpoints.getPreferences)).toBeNull()
    const saved = await client(t.app, buyer).ok(endpoints.putPreferences, { body: validPreferences })
    expect(saved).toMatchObject({ state: 'AZ', additionalNotes: null, notificationChannels: ['email'] })
    expect(await client(t.app, buyer).ok(endpoints.getPreferences)).toEqual(saved)
  })
})
