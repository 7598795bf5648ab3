import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import type { z } from 'zod'
import { hostileMultipart, type RawBody } from './hostile-multipart'
import { badId, hostileString, PROTOTYPE_KEYS, wrongValue } from './hostile-values'
import { hostileOf, validOf, withKey } from './zod-arbitraries'

/*
 * One hostile request for a route, as a fast-check arbitrary: the path's parameters (real ids or bad ones),
 * the query and the body derived from the route's zod schemas and mutated (bench/zod-arbitraries.ts), or
 * raw bodies: malformed JSON, wrong content types, broken or hostile multipart.
 */

export type RouteInfo = {
  method: string
  /** Fastify's pattern, e.g. `/api/deals/:id`. */
  url: string
  body?: z.ZodType
  query?: z.ZodType
  /** The contract's upload endpoints: a multipart body with a file. */
  multipart: boolean
  /** The contract's form-encoded endpoints (the Pusher SDK's auth call, one-click unsubscribe). */
  formEncoded: boolean
}

/** What a run may use: ids of real rows, so some requests reach deep into the handlers. */
export type FuzzContext = {
  ids: string[]
  identityTargets: string[]
  /** The callers: no token, a forged token, then each signed-in role's headers. */
  authHeaders: Record<string, string>[]
}

export type HostileRequest = { route: RouteInfo; kind: string; options: InjectOptions }

/**
 * Path parameter values, already URL-encoded. No bare dot segment (`..`, `%2e%2e`): every URL parser, inject
 * included, resolves it before routing, so it would ask for the parent path, not hand the route a hostile
 * value; `..%2F..%2Fetc%2Fpasswd` keeps the traversal case.
 */
const HOSTILE_PARAMS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(3000),
  '-1',
  '1e308',
  'true',
  '%F0%9F%98%80',
  '%27%20OR%201%3D1',
  '%u0000',
  '%',
  '__proto__',
  'constructor',
]

const RAW_QUERY_VALUES = ['%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', '%', '%uD800', 'x'.repeat(5000), '1e308', '0x10']

/** URL-encodes, sending a lone surrogate (which UTF-8 cannot hold) as the bytes a careless client would. */
function encode(text: string): string {
  return text
    .split(/([\ud800-\udfff])/)
    .map((piece) => (/^[\ud800-\udfff]$/.test(piece) ? '%ED%A0%80' : encodeURIComponent(piece)))
    .join('')
}

const asText = (value: unknown) =>
  (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))).slice(0, 10_000)

/** An object as a query string (arrays as repeated keys); anything else as one odd pair. */
function queryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `x=${encode(asText(value))}`
  const pairs: string[] = []
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue
    for (const item of Array.isArray(field) ? field : [field]) pairs.push(`${encode(key)}=${encode(asText(item))}`)
  }
  return pairs.join('&')
}

function queryFor(route: RouteInfo): fc.Arbitrary<string> {
  const keys = [...Object.keys(route.query ? validKeys(route.query) : {}), 'q', 'page', 'cursor', 'x']
  const raw = fc
    .array(fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...RAW_QUERY_VALUES)), { minLength: 1, maxLength: 3 })
    .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'))
  const loose = fc
    .array(fc.tuple(fc.constantFrom(...keys, ...PROTOTYPE_KEYS), fc.oneof(hostileString, badId)), { maxLength: 4 })
    .map((pairs) => pairs.map(([key, value]) => `${encode(key)}=${encode(value.slice(0, 10_000))}`).join('&'))
  if (!route.query) return fc.oneof(fc.constant(''), raw, loose)
  return fc.oneof(
    { weight: 1, arbitrary: validOf(route.query).map(queryString) },
    { weight: 4, arbitrary: hostileOf(route.query).map(queryString) },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: loose },
  )
}

const validKeys = (schema: z.ZodType): object => {
  const def = schema._zod.def as { type: string; shape?: object; in?: z.ZodType; innerType?: z.ZodType }
  if (def.type === 'object') return def.shape ?? {}
  const inner = def.in ?? def.innerType
  return inner ? validKeys(inner) : {}
}

const RAW_BODIES: RawBody[] = [
  { payload: '{"a":', contentType: 'application/json' },
  { payload: '{"firstName":"\\u0000"}', contentType: 'application/json' },
  { payload: '{"message":"\\ud800","name":"\\udfff"}', contentType: 'application/json' },
  { payload: '['.repeat(60) + ']'.repeat(60), contentType: 'application/json' },
  { payload: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
  { payload: '{"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '1e308', contentType: 'application/json' },
  { payload: '"\\u0000"', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: '\u0000', contentType: 'application/json' },
  { payload: '{"a":1,"a":2}', contentType: 'application/json' },
  { payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
  { payload: '<x/>', contentType: 'application/xml' },
  { payload: 'plain', contentType: 'text/plain' },
  { payload: '{}', contentType: 'application/json; charset=utf-16' },
  { payload: '{}', contentType: 'application/json; charset=latin1' },
  { payload: '{}', contentType: 'image/png' },
  { payload: '{}', contentType: '' },
  { payload: '{}', contentType: 'application/x-amz-json-1.1' },
  { payload: '{"a":"' + 'x'.repeat(1_100_000) + '"}', contentType: 'application/json' },
]

const rawBody = fc.constantFrom(...RAW_BODIES)

function jsonBody(route: RouteInfo): fc.Arbitrary<RawBody> {
  const value = route.body ? hostileOf(route.body) : fc.oneof(wrongValue, fc.constant({}))
  return value.map((body) => ({ payload: JSON.stringify(body) ?? 'null', contentType: 'application/json' }))
}

function formBody(route: RouteInfo): fc.Arbitrary<RawBody> {
  const value = route.body ? hostileOf(route.body) : wrongValue
  return value.map((body) => ({ payload: queryString(body), contentType: 'application/x-www-form-urlencoded' }))
}

function bodyFor(route: RouteInfo): fc.Arbitrary<{ kind: string; body: RawBody }> {
  const as = (kind: string) => (body: RawBody) => ({ kind, body })
  if (route.multipart) {
    return fc.oneof(
      { weight: 6, arbitrary: hostileMultipart(true).map(as('multipart')) },
      { weight: 1, arbitrary: rawBody.map(as('raw-body')) },
      { weight: 1, arbitrary: jsonBody(route).map(as('json-body')) },
    )
  }
  return fc.oneof(
    { weight: 6, arbitrary: (route.formEncoded ? formBody(route) : jsonBody(route)).map(as('derived-body')) },
    { weight: 2, arbitrary: rawBody.map(as('raw-body')) },
    { weight: 1, arbitrary: hostileMultipart(false).map(as('multipart')) },
  )
}

function pathFor(route: RouteInfo, context: FuzzContext): fc.Arbitrary<string> {
  const pieces = route.url.split(/(:\w+|\*)/)
  const value = fc.oneof(
    ...(context.ids.length ? [{ weight: 3, arbitrary: fc.constantFrom(...context.ids) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_PARAMS) },
    { weight: 1, arbitrary: badId.map(encode) },
  )
  return fc
    .tuple(...pieces.map((piece) => (/^(:\w+|\*)$/.test(piece) ? value : fc.constant(piece))))
    .map((parts) => parts.join(''))
}

const IDENTITY_MEMBERS = [
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

/** The embedded identity provider's one route: a Cognito operation by header, its input as hostile JSON. */
function identityRequest(route: RouteInfo, context: FuzzContext): fc.Arbitrary<HostileRequest> {
  const member = fc.oneof(
    hostileString,
    wrongValue,
    fc.dictionary(fc.constantFrom('USERNAME', 'PASSWORD', 'REFRESH_TOKEN', ...PROTOTYPE_KEYS), hostileString),
  )
  return fc
    .record({
      target: fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...context.identityTargets) },
        { weight: 1, arbitrary: hostileString.map((text) => text.slice(0, 100).replace(/[^\x20-\x7e]/g, '?')) },
      ),
      clientId: fc.oneof(
        { weight: 4, arbitrary: fc.constant('keywaywebclient') },
        { weight: 1, arbitrary: wrongValue },
      ),
      members: fc.dictionary(fc.constantFrom(...IDENTITY_MEMBERS), member, { maxKeys: 5 }),
      flow: fc.constantFrom('USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'CUSTOM_AUTH', 'ADMIN_NO_SRP_AUTH'),
      raw: fc.option(rawBody, { freq: 6 }),
      prototypeKey: fc.option(fc.constantFrom(...PROTOTYPE_KEYS), { freq: 8 }),
    })
    .map(({ target, clientId, members, flow, raw, prototypeKey }) => {
      let body: Record<string, unknown> = { AuthFlow: flow, ...members, ClientId: clientId }
      if (prototypeKey) body = withKey(body, prototypeKey, { isAdmin: true })
      return {
        route,
        kind: 'identity',
        options: {
          method: 'POST' as const,
          url: route.url,
          headers: {
            'content-type': raw?.contentType || 'application/x-amz-json-1.1',
            'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
          },
          payload: raw ? raw.payload : JSON.stringify(body),
        },
      }
    })
}

/**
 * Loopback routes whose every answer is the whole database (the backup): called from another machine, so each
 * request is refused at the gate instead of dumping tens of megabytes; `tests/server/backup.test.ts` covers
 * the dump itself.
 */
const WHOLE_DATABASE_ROUTES = new Set(['/api/system/backup'])

/** Hostile requests for `route`, from any of the context's callers, in English or Spanish. */
export function hostileRequestFor(route: RouteInfo, context: FuzzContext): fc.Arbitrary<HostileRequest> {
  const language = fc.constantFrom<Record<string, string>>({}, {}, { 'accept-language': 'es' })
  if (route.url === '/cognito-idp/' && route.method === 'POST') {
    return fc.tuple(identityRequest(route, context), language).map(([request, lang]) => ({
      ...request,
      options: { ...request.options, headers: { ...request.options.headers, ...lang } },
    }))
  }
  const takesBody = !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(route.method)
  return fc
    .record({
      auth: fc.constantFrom(...context.authHeaders),
      language,
      path: pathFor(route, context),
      query: fc.option(queryFor(route), { nil: '', freq: 2 }),
      body: takesBody ? bodyFor(route) : fc.option(bodyFor(route), { nil: undefined, freq: 10 }),
    })
    .map(({ auth, language: lang, path, query, body }) => {
      const url = query ? `${path}?${query}` : path
      const headers: Record<string, string> = { ...auth, ...lang }
      const method = route.method as InjectOptions['method']
      const from = WHOLE_DATABASE_ROUTES.has(route.url) ? { remoteAddress: '203.0.113.7' } : {}
      if (!body) return { route, kind: query ? 'query' : 'path', options: { method, url, headers, ...from } }
      if (body.body.contentType) headers['content-type'] = body.body.contentType
      return { route, kind: body.kind, options: { method, url, headers, payload: body.body.payload, ...from } }
    })
}
