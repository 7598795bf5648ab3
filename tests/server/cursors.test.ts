import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ALL_ACCESS_ROLES, ApiErrorBodySchema, endpoints, pathFor, type EndpointSpec } from '../../src/contract'
import { callerWith } from './accounts-helpers'
import { conversation } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { testAppForFile } from './identity-helpers'

/** The keys of an endpoint's query, looking through optional, default and pipe wrappers. */
function queryKeys(schema: z.ZodType | undefined): string[] {
  let current: z.ZodType | undefined = schema
  for (let depth = 0; current && depth < 8; depth += 1) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape)
    const def = current._zod.def as unknown as Record<string, unknown>
    current = (def.innerType ?? def.in) as z.ZodType | undefined
  }
  return []
}

/** Every endpoint of the contract that takes a page cursor: a new one is covered without touching this file. */
const cursorEndpoints = Object.entries(endpoints as Record<string, EndpointSpec>).filter(([, spec]) =>
  queryKeys(spec.query).some((key) => /cursor/i.test(key)),
)

/** Every endpoint that pages by an id (`before`/`after`, e.g. a thread's messages). */
const idCursorEndpoints = Object.entries(endpoints as Record<string, EndpointSpec>).flatMap(([name, spec]) =>
  queryKeys(spec.query)
    .filter((key) => key === 'before' || key === 'after')
    .map((key) => [`${name} ${key}`, spec, key] as const),
)

const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const base64Std = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64')
const UUID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301'

/** Cursors no server ever made: each must be answered 400 invalid_cursor before any SQL runs. */
const CRAFTED: [string, string][] = [
  ['not base64', '!!!not base64!!!'],
  ['base64 of no JSON', Buffer.from('not json').toString('base64url')],
  ['dashes for an id (the reported one)', base64Std(['2020-01-01T00:00:00Z', '-'.repeat(36)])],
  ['dashes for an id, base64url', base64(['2020-01-01T00:00:00Z', '-'.repeat(36)])],
  ['hex digits in the wrong places', base64(['2020-01-01T00:00:00Z', 'abcdef0123456789abcdef0123456789abcd'])],
  ['a non-hex id', base64(['2020-01-01T00:00:00Z', '3f2504e0-4f89-41d3-9a0c-0305e82c330g'])],
  ['an empty array', base64([])],
  ['one element', base64(['2020-01-01T00:00:00Z'])],
  ['three elements', base64(['2020-01-01T00:00:00Z', UUID, 'x'])],
  ['an object', base64({ at: '2020-01-01T00:00:00Z', id: UUID })],
  ['null', base64(null)],
  ['numbers', base64([1, 2])],
  ['not a date', base64(['yesterday', UUID])],
  ['a day that does not exist', base64(['2020-02-30T00:00:00Z', UUID])],
  ['year 300000', base64(['+300000-01-01T00:00:00.000Z', UUID])],
  ['year 200000 (JavaScript takes it)', base64(['+200000-01-01T00:00:00.000Z', UUID])],
  ['year -4714 (before PostgreSQL)', base64(['-004714-01-01T00:00:00.000Z', UUID])],
  ['year 0', base64(['0000-01-01T00:00:00.000Z', UUID])],
  ['a bare number for a date', base64([1e20, UUID])],
  ['a long id', base64(['2020-01-01T00:00:00Z', `${UUID}${'0'.repeat(40)}`])],
]

describe('page cursors: a cursor the server did not make is a 400, never a 500', () => {
  const t = testAppForFile()

  it('finds the cursor-taking endpoints in the contract', () => {
    expect(cursorEndpoints.map(([name]) => name)).toContain('listThreads')
  })

  it.each(cursorEndpoints)('%s answers 400 invalid_cursor to every crafted cursor', async (_name, spec) => {
    // A member with every role, so any role check passes and the cursor is what gets judged.
    const caller = await callerWith(t, ['buyer', 'originator', ...ALL_ACCESS_ROLES])
    const params = Object.fromEntries(
      [...spec.path.matchAll(/:(\w+)/g)].map((match) => [match[1]!, UUID] as [string, string]),
    )
    for (const [what, cursor] of CRAFTED) {
      const response = await t.app.inject({
        method: spec.method,
        url: `${pathFor(spec.path, params)}?cursor=${encodeURIComponent(cursor)}`,
        headers: caller.headers,
      })
      expect(response.statusCode, what).toBe(400)
      expect(ApiErrorBodySchema.parse(response.json()).code, what).toBe('invalid_cursor')
    }
  })

  it.each(cursorEndpoints)('%s answers 4xx to a huge cursor', async (_name, spec) => {
    const caller = await callerWith(t, ['buyer'])
    for (const cursor of ['x'.repeat(100_000), base64(['2020-01-01T00:00:00Z', 'x'.repeat(5000)])]) {
      const response = await t.app.inject({
        method: spec.method,
        url: `${spec.path}?cursor=${cursor}`,
        headers: caller.headers,
      })
      expect(response.statusCode).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
    }
  })

  it.each(idCursorEndpoints)('%s answers 4xx to ids no row can have', async (_name, spec, key) => {
    const { buyer, thread } = await conversation(t, {}, 'hello')
    const url = pathFor(spec.path, { threadId: thread.threadId })
    for (const value of ['-1', '1.5', '1e308', String(2 ** 63), '9'.repeat(400), 'x', '0x10']) {
      const response = await t.app.inject({
        method: spec.method,
        url: `${url}?${key}=${value}`,
        headers: buyer.headers,
      })
      expect(response.statusCode, value).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, value).toBeLessThan(500)
    }
  })

  it('tells the caller in their language', async () => {
    const caller = await callerWith(t, ['buyer'])
    const cursor = base64Std(['2020-01-01T00:00:00Z', '-'.repeat(36)])
    const response = await client(t.app, caller).send(endpoints.listThreads, {
      query: { cursor },
      headers: { 'accept-language': 'es' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'invalid_cursor',
      message: 'Esta página de la lista ya no es válida. Vuelve a cargar la lista.',
    })
  })

  it('still pages with the cursors it made', async () => {
    const { buyer } = await conversation(t, {}, 'first')
    const other = await createListing(t, await callerWith(t, ['originator']))
    await client(t.app, buyer).ok(endpoints.startThread, { body: { dealId: other.id, message: 'second' } })
    const first = await client(t.app, buyer).ok(endpoints.listThreads, { query: { limit: 1 } })
    expect(first.nextCursor).toEqual(expect.any(String))
    const second = await client(t.app, buyer).ok(endpoints.listThreads, {
      query: { limit: 1, cursor: first.nextCursor! },
    })
    expect(second.items).toHaveLength(1)
    expect(second.items[0]!.threadId).not.toBe(first.items[0]!.threadId)
  })
})
