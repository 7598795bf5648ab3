import { benchSignIn } from './sign-in'
import type { InjectOptions, RouteOptions } from 'fastify'
import type { z } from 'zod'

/*
 * Hostile requests for every route the app registers: NUL characters, lone surrogates, huge strings,
 * wrong types, absurd numbers, arrays for scalars, bad ids, bad JSON, truncated multipart, wrong
 * content types, path traversal. Shared by `bench/bad-input.ts` (thousands) and a server test (hundreds).
 */

export type RouteInfo = {
  method: string
  /** Fastify's pattern, e.g. `/api/deals/:id`. */
  url: string
  bodyKeys: string[]
  queryKeys: string[]
}

/** Collects what a route takes from its zod schemas; pass it as buildApp's `onRoute`. */
export function routeCollector() {
  const routes: RouteInfo[] = []
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown }
    for (const method of methods) {
      if (method === 'HEAD') continue
      routes.push({
        method,
        url: route.url,
        bodyKeys: shapeKeys(schema.body),
        queryKeys: shapeKeys(schema.querystring),
      })
    }
  }
  return { routes, onRoute }
}

/** The keys of a zod object, looking through preprocess, pipes, refinements and optional wrappers. */
function shapeKeys(schema: unknown): string[] {
  let current = schema as z.ZodType | undefined
  for (let depth = 0; current && depth < 8; depth += 1) {
    const def = current._zod?.def as unknown as Record<string, unknown> & { type: string }
    if (!def) return []
    if (def.type === 'object') return Object.keys(def.shape as object)
    if (def.type === 'pipe') {
      const input = def.in as z.ZodType
      current = (input._zod.def.type === 'transform' ? def.out : input) as z.ZodType
    } else if ('innerType' in def) current = def.innerType as z.ZodType
    else return []
  }
  return []
}

export type Random = { next(): number; pick<T>(items: readonly T[]): T; int(max: number): number }

/** A small seeded generator (mulberry32), so a failing run can be repeated. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (max: number) => Math.floor(next() * max)
  return { next, int, pick: (items) => items[int(items.length)]! }
}

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '',
  ' ',
  'x'.repeat(70_000),
  '0x10',
  '1e308',
  '-1',
  'NaN',
  'Infinity',
  'true',
  'null',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\u202egnp.exe',
  '😀'.repeat(300),
  'javascript:alert(1)',
  'https://' + 'a'.repeat(5000) + '.test/',
  '%00',
  '__proto__',
  '2026-02-30',
  '00000000-0000-0000-0000-000000000000',
  '-'.repeat(36),
  // Page cursors no server made: dashes for an id, a year before PostgreSQL's first.
  Buffer.from(JSON.stringify(['2020-01-01T00:00:00Z', '-'.repeat(36)])).toString('base64'),
  Buffer.from(JSON.stringify(['-004714-01-01T00:00:00.000Z', '3f2504e0-4f89-41d3-9a0c-0305e82c3301'])).toString(
    'base64url',
  ),
]

/** Text PostgreSQL cannot store, inside otherwise plausible values. */
const UNSTORABLE_TEXT = ['Pat\u0000', 'a\u0000b@demo.test', 'notes \ud800', '\udfff85001', 'https://x.test/\u0000']

const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  1e308,
  -1e308,
  -1,
  0,
  0.1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -0,
  true,
  false,
  null,
  [],
  ['\u0000'],
  [1, 2, 3],
  Array.from({ length: 500 }, (_, i) => String(10000 + i)),
  {},
  { a: '\u0000' },
  { '\u0000': 1 },
  { nested: { deeper: [{ x: '\ud800' }] } },
]

/**
 * Path parameter values, already URL-encoded. No bare dot segment (`..`, `%2e%2e`): every URL parser, inject
 * included, resolves it before routing, so it would ask for the parent path (e.g. `/uploads/..` is `/`, a
 * page, which a test server without a build answers 503), not hand the route a hostile value;
 * `..%2F..%2Fetc%2Fpasswd` keeps the traversal case.
 */
const HOSTILE_PARAMS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(3000),
  '-1',
  '0',
  '1e308',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '-'.repeat(36),
  'not-a-uuid',
  '%F0%9F%98%80',
  '%27%20OR%201%3D1',
  '%u0000',
  '%',
]

const RAW_QUERY_VALUES = ['%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', '%', '%uD800', 'x'.repeat(5000), '1e308', '0x10']

/** What the run may use: sample ids of real rows, so some requests reach deep into the handlers. */
export type FuzzContext = {
  ids: string[]
  identityTargets: string[]
  /** A valid body per `METHOD /pattern`: one or two of its fields are then made hostile. */
  validBodies: Record<string, Record<string, unknown>>
}

export type HostileRequest = { route: RouteInfo; kind: string; options: InjectOptions }

const jsonHeaders = { 'content-type': 'application/json' }

/** URL-encodes, sending a lone surrogate (which UTF-8 cannot hold) as the bytes a careless client would. */
function encode(text: string): string {
  return text
    .split(/([\ud800-\udfff])/)
    .map((piece) => (/^[\ud800-\udfff]$/.test(piece) ? '%ED%A0%80' : encodeURIComponent(piece)))
    .join('')
}

function encodeQuery(pairs: [string, string][]) {
  return pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&')
}

function fillPath(route: RouteInfo, random: Random, context: FuzzContext): string {
  return route.url.replace(/:(\w+)|\*/g, () => {
    const roll = random.next()
    if (roll < 0.35 && context.ids.length > 0) return random.pick(context.ids)
    return random.pick(HOSTILE_PARAMS)
  })
}

function hostileBody(route: RouteInfo, random: Random, context: FuzzContext): unknown {
  const roll = random.next()
  if (roll < 0.1) return random.pick(HOSTILE_VALUES)
  const valid = context.validBodies[`${route.method} ${route.url}`]
  if (valid && roll < 0.6) {
    const body: Record<string, unknown> = { ...valid }
    const keys = route.bodyKeys.length > 0 ? route.bodyKeys : Object.keys(valid)
    for (let i = 0, n = 1 + random.int(2); i < n; i += 1) {
      body[random.pick(keys)] = random.next() < 0.3 ? random.pick(UNSTORABLE_TEXT) : random.pick(HOSTILE_VALUES)
    }
    return body
  }
  const body: Record<string, unknown> = {}
  const keys = route.bodyKeys.length > 0 ? route.bodyKeys : ['name', 'value', 'id']
  for (const key of keys) if (random.next() < 0.6) body[key] = random.pick(HOSTILE_VALUES)
  if (random.next() < 0.1) body[random.pick(['__proto__', 'constructor', '\u0000key', '\ud800'])] = { polluted: true }
  return body
}

/** Truncated, unterminated, boundary-less and otherwise broken multipart bodies. */
function brokenMultipart(random: Random): { payload: string | Buffer; headers: Record<string, string> } {
  const boundary = '----keyway' + random.int(1e9)
  const part = (name: string, filename: string, type: string, data: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${data}\r\n`
  const png = '\x89PNG\r\n\x1a\n' + 'x'.repeat(200)
  const variants: { payload: string | Buffer; type: string }[] = [
    {
      payload: part('file', 'a.png', 'image/png', png).slice(0, 60),
      type: `multipart/form-data; boundary=${boundary}`,
    },
    { payload: part('file', 'a.png', 'image/png', png), type: `multipart/form-data; boundary=${boundary}` },
    {
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"`,
      type: `multipart/form-data; boundary=${boundary}`,
    },
    { payload: part('file', 'a.png', 'image/png', png) + `--${boundary}--`, type: 'multipart/form-data' },
    { payload: 'garbage', type: `multipart/form-data; boundary=${boundary}` },
    { payload: '', type: `multipart/form-data; boundary=${boundary}` },
    { payload: `--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` },
    {
      payload: part('file', '../../../etc/passwd\u0000.png', 'image/png', png) + `--${boundary}--\r\n`,
      type: `multipart/form-data; boundary=${boundary}`,
    },
    {
      payload: part('x\u0000', 'a', 'text/plain', 'x\u0000') + `--${boundary}--\r\n`,
      type: `multipart/form-data; boundary=${boundary}`,
    },
    {
      payload:
        Array.from({ length: 30 }, (_, i) => part(`f${i}`, `${i}.png`, 'image/png', png)).join('') +
        `--${boundary}--\r\n`,
      type: `multipart/form-data; boundary=${boundary}`,
    },
    {
      payload: part('file', 'a.png', 'image/png', png) + `--${boundary}--\r\n`,
      type: `multipart/form-data; boundary="${'b'.repeat(200)}"`,
    },
    { payload: Buffer.from([0xff, 0xfe, 0x00, 0x01]), type: `multipart/mixed; boundary=${boundary}` },
  ]
  const chosen = random.pick(variants)
  return { payload: chosen.payload, headers: { 'content-type': chosen.type } }
}

const RAW_BODIES: { payload: string; type: string }[] = [
  { payload: '{"a":', type: 'application/json' },
  { payload: '{"firstName":"\\u0000"}', type: 'application/json' },
  { payload: '{"message":"\\ud800","name":"\\udfff"}', type: 'application/json' },
  {
    payload: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
    type: 'application/json',
  },
  { payload: '{"__proto__":{"isAdmin":true}}', type: 'application/json' },
  { payload: '{"constructor":{"prototype":{"x":1}}}', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '1e308', type: 'application/json' },
  { payload: '"\\u0000"', type: 'application/json' },
  { payload: '', type: 'application/json' },
  { payload: '\u0000', type: 'application/json' },
  { payload: 'a=1&b=%00', type: 'application/x-www-form-urlencoded' },
  { payload: '<x/>', type: 'application/xml' },
  { payload: 'plain', type: 'text/plain' },
  { payload: '{}', type: 'application/json; charset=utf-16' },
  { payload: '{}', type: 'application/json; charset=latin1' },
  { payload: '{}', type: 'image/png' },
  { payload: '{}', type: '' },
  { payload: '{}', type: 'application/x-amz-json-1.1' },
  { payload: '{"a":"' + 'x'.repeat(1_100_000) + '"}', type: 'application/json' },
]

function hostileQuery(route: RouteInfo, random: Random): string {
  const keys = [...route.queryKeys, 'q', 'page', 'pageSize', 'x']
  if (random.next() < 0.25) {
    // Raw, possibly invalid percent-encoding.
    return Array.from(
      { length: 1 + random.int(3) },
      () => `${random.pick(keys)}=${random.pick(RAW_QUERY_VALUES)}`,
    ).join('&')
  }
  const pairs: [string, string][] = []
  for (let i = 0, n = 1 + random.int(4); i < n; i += 1) {
    const value = random.pick(HOSTILE_VALUES)
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
    pairs.push([random.pick(keys), text.slice(0, 10_000)])
    if (random.next() < 0.2) pairs.push([pairs.at(-1)![0], 'again'])
  }
  return encodeQuery(pairs)
}

const IDENTITY_MEMBERS = [
  'ClientId',
  'Username',
  'Password',
  'ConfirmationCode',
  'AuthFlow',
  'AuthParameters',
  'AccessToken',
  'Session',
  'ChallengeName',
  'ChallengeResponses',
  'UserAttributes',
  'PreviousPassword',
  'ProposedPassword',
  'Token',
  'UserCode',
  'AttributeName',
  'Code',
]

function identityRequest(route: RouteInfo, random: Random, context: FuzzContext): InjectOptions {
  const target = random.pick(context.identityTargets)
  const body: Record<string, unknown> = {
    ClientId: random.next() < 0.8 ? 'keywaywebclient' : random.pick(HOSTILE_VALUES),
  }
  for (const member of IDENTITY_MEMBERS) {
    if (random.next() > 0.4) continue
    if (member === 'AuthParameters' || member === 'ChallengeResponses') {
      body[member] = {
        USERNAME: random.pick(HOSTILE_STRINGS),
        PASSWORD: random.pick(HOSTILE_STRINGS),
        REFRESH_TOKEN: random.pick(HOSTILE_STRINGS),
        [random.pick(HOSTILE_STRINGS).slice(0, 50)]: random.pick(HOSTILE_VALUES),
      }
    } else if (member === 'UserAttributes') {
      body[member] = [{ Name: random.pick(HOSTILE_STRINGS), Value: random.pick(HOSTILE_STRINGS) }]
    } else body[member] = random.pick(HOSTILE_VALUES)
  }
  if (body.AuthFlow === undefined)
    body.AuthFlow = random.pick(['USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'CUSTOM_AUTH'])
  const raw = random.next() < 0.15 ? random.pick(RAW_BODIES) : null
  return {
    method: route.method as InjectOptions['method'],
    url: route.url,
    headers: {
      'content-type': raw?.type || 'application/x-amz-json-1.1',
      'x-amz-target':
        random.next() < 0.9
          ? `AWSCognitoIdentityProviderService.${target}`
          : random
              .pick(HOSTILE_STRINGS)
              .slice(0, 100)
              .replace(/[^\x20-\x7e]/g, '?'),
    },
    payload: raw ? raw.payload : JSON.stringify(body),
  }
}

/** One hostile request for a route. `authHeaders` are the signed-in roles' headers (and none). */
export function hostileRequest(
  route: RouteInfo,
  random: Random,
  context: FuzzContext,
  authHeaders: Record<string, string>[],
): HostileRequest {
  const auth = random.pick(authHeaders)
  const language: Record<string, string> = random.next() < 0.3 ? { 'accept-language': 'es' } : {}
  if (route.url === '/cognito-idp/' && route.method === 'POST') {
    const options = identityRequest(route, random, context)
    return { route, kind: 'identity', options: { ...options, headers: { ...options.headers, ...language } } }
  }
  const path = fillPath(route, random, context)
  const query = random.next() < 0.5 ? hostileQuery(route, random) : ''
  const url = query ? `${path}?${query}` : path
  const headers: Record<string, string> = { ...auth, ...language }
  const method = route.method as InjectOptions['method']
  const hasBody = !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(route.method) || random.next() < 0.1
  if (!hasBody) return { route, kind: query ? 'query' : 'path', options: { method, url, headers } }
  const roll = random.next()
  const isUpload = /photos$|picture$|logo$/.test(route.url)
  if (roll < (isUpload ? 0.7 : 0.1)) {
    const multipart = brokenMultipart(random)
    return {
      route,
      kind: 'multipart',
      options: { method, url, headers: { ...headers, ...multipart.headers }, payload: multipart.payload },
    }
  }
  if (roll < (isUpload ? 0.85 : 0.35)) {
    const raw = random.pick(RAW_BODIES)
    const rawHeaders = raw.type ? { ...headers, 'content-type': raw.type } : headers
    return { route, kind: 'raw-body', options: { method, url, headers: rawHeaders, payload: raw.payload } }
  }
  return {
    route,
    kind: 'json-body',
    options: {
      method,
      url,
      headers: { ...headers, ...jsonHeaders },
      payload: JSON.stringify(hostileBody(route, random, context)),
    },
  }
}

export type RunResult = {
  total: number
  byClass: Record<string, number>
  byRoute: Map<string, Record<string, number>>
  failures: { route: string; kind: string; status: number; request: string; body: string }[]
}

/**
 * Sends `count` hostile requests spread evenly over `routes` (every route gets its share, in random
 * order) through `inject`, and counts the answers.
 */
export async function runBadInput(
  inject: (options: InjectOptions) => Promise<{ statusCode: number; body: string }>,
  routes: RouteInfo[],
  options: { count: number; seed: number; context: FuzzContext; authHeaders: Record<string, string>[] },
): Promise<RunResult> {
  const random = seededRandom(options.seed)
  const result: RunResult = { total: 0, byClass: {}, byRoute: new Map(), failures: [] }
  for (let i = 0; i < options.count; i += 1) {
    const route = routes[i % routes.length]!
    const request = hostileRequest(route, random, options.context, options.authHeaders)
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
  return result
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

const listing = {
  streetAddress: '9 Fuzz Lane',
  city: 'Phoenix',
  state: 'AZ',
  zipCode: '85001',
  dealCategory: 'cash',
  propertyType: 'single-family',
  purchasePrice: 250000,
  bedrooms: 3,
  bathrooms: 2,
  dealDescription: 'Solid rental in a quiet street.',
  tags: ['rental-property'],
  legalCertification: true,
}

const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/deals': listing,
  'PUT /api/deals/:id': listing,
  'POST /api/deals/:id/interest': { message: 'Interested', name: 'Pat Buyer', phone: '6025550100' },
  'POST /api/deals/:id/status': { status: 'active', onPlatform: true },
  'PUT /api/deals/:id/photos/order': { photoIds: [] },
  'PATCH /api/profile': {
    firstName: 'Pat',
    lastName: 'Doe',
    phoneNumber: '6025550100',
    callBookingLink: 'https://cal.test/pat',
  },
  'PUT /api/profile/buybox': { type: 'cash', zipCodes: ['85001'] },
  'PUT /api/profile/preferences': { state: 'AZ', city: 'Phoenix', zipCodes: ['85001'], additionalNotes: 'none' },
  'PUT /api/profile/seller-preferences': { states: ['AZ'] },
  'PUT /api/profile/roles': { roles: ['buyer', 'originator'] },
  'POST /api/invitations': { role: 'buyer', count: 1 },
  'PATCH /api/admin/users/:id': { status: 'active' },
  'PUT /api/admin/settings': {
    betaCapacity: 100,
    invitationBatchLimit: 10,
    enableWebinarBanner: false,
    webinarRegistrationUrl: null,
  },
  'POST /api/auth/update-language': { languagePreference: 'en' },
  'POST /api/aws-auth/signup-with-invitation': {
    email: 'fuzz@demo.test',
    password: 'FuzzPass1!',
    firstName: 'Fu',
    lastName: 'Zz',
    invitationToken: 'x',
  },
  'POST /api/auth/public-request-access': {
    firstName: 'Fu',
    lastName: 'Zz',
    email: 'fuzz@demo.test',
    phone: '6025550100',
    humanCheck: { token: 'x', answer: 2 },
  },
  'POST /api/auth/public-signin-link': { email: 'fuzz@demo.test' },
}

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
  return { authHeaders, context: await contextFor(inject, authHeaders.at(-1)!) }
}

/** The run's context: sample ids of real listings and users, read with an admin's headers. */
export async function contextFor(inject: Injector, adminHeaders: Record<string, string>): Promise<FuzzContext> {
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
  return { ids, identityTargets: IDENTITY_TARGETS, validBodies: VALID_BODIES }
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
