import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ApiErrorBodySchema } from '../../src/contract'
import type { App } from '../../server/app'
import { createTestApp, type TestApp } from './helpers'

// Shaped like a contract input: nested object, list, enum, custom message keys.
const ListingInputSchema = z.object({
  title: z.string().min(3),
  description: z.string().min(10, { error: 'validation:invalidFormat' }),
  price: z.number().positive(),
  email: z.email(),
  website: z.url({ error: 'invalidUrl' }).optional(),
  nickname: z.string().min(2, { error: 'Pick a longer nickname' }).optional(),
  category: z.enum(['cash', 'creative']),
  address: z.object({ zipCode: z.string().regex(/^\d{5}$/) }),
  tags: z.array(z.string().max(5)),
})

const validListing = {
  title: 'Ranch',
  description: 'A quiet ranch house',
  price: 250_000,
  email: 'seller@demo.test',
  category: 'cash',
  address: { zipCode: '85001' },
  tags: ['solar'],
}

describe('error responses', () => {
  let t: TestApp
  const logLines: string[] = []

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk))
        done()
      },
    })
    t = await createTestApp({ logger: { level: 'info', stream }, register: addThrowawayRoutes })
  })
  afterAll(() => t.close())

  function addThrowawayRoutes(base: App) {
    const app = base.withTypeProvider<ZodTypeProvider>()
    app.post('/api/test/listings', { schema: { body: ListingInputSchema } }, async (request) => ({
      title: request.body.title,
    }))
    app.get('/api/test/boom', async () => {
      throw new Error('secret table dm_users exploded')
    })
    app.get('/api/test/failing-query', async () => {
      // A write that fails in the database, carrying a buyer's personal data as query parameters.
      await base.db.execute(sql`select ${'pat.buyer@example.test'}::int, ${'6025550100'}, ${'Call me about the house'}`)
      return { ok: true }
    })
    app.get('/api/test/headers', async (request) => {
      request.log.info({ headers: request.headers }, 'echoing headers')
      return { ok: true }
    })
  }

  const postListing = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/test/listings', payload: body as object, headers })

  it('accepts a valid body', async () => {
    const res = await postListing(validListing)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ title: 'Ranch' })
  })

  it('maps each zod issue to a field message keyed by its dotted path', async () => {
    const { title: _title, ...withoutTitle } = validListing
    const res = await postListing({
      ...withoutTitle,
      description: 'short',
      price: 'cheap',
      email: 'not-an-email',
      website: 'nope',
      nickname: 'x',
      category: 'barter',
      address: { zipCode: '123' },
      tags: ['ok', 'waytoolong'],
    })
    expect(res.statusCode).toBe(400)
    const body = ApiErrorBodySchema.strict().parse(res.json())
    expect(body.code).toBe('invalid_input')
    expect(body.message).toMatch(/not valid/)
    expect(body.fields).toEqual({
      title: 'This field is required.',
      // The schema's own key wins over the generic "at least 10 characters".
      description: 'The format is not valid.',
      price: 'Expected a valid number',
      email: 'Enter a valid email address.',
      website: 'Enter a valid URL.',
      // A free-text message is not a key: the generic message for the issue kind is used.
      nickname: 'Must be at least 2 characters.',
      // Choices are named by their labels, never by their codes.
      category: 'Choose one of: Cash, Creative.',
      'address.zipCode': 'The format is not valid.',
      'tags.1': 'Must be at most 5 characters.',
    })
  })

  it('names the choices of a list of values by their labels, in the caller’s language', async () => {
    const res = await postListing({ ...validListing, category: 'barter' }, { 'accept-language': 'es' })
    expect(res.json().fields).toEqual({ category: 'Elige una de estas opciones: De contado, Creativa.' })
  })

  it('interpolates limits and reports numbers out of range', async () => {
    const res = await postListing({ ...validListing, title: 'ab', price: 0 })
    expect(res.json().fields).toEqual({ title: 'Must be at least 3 characters.', price: 'Must be greater than 0.' })
  })

  it('answers in Spanish when the caller prefers it', async () => {
    const res = await postListing(
      { ...validListing, title: 'ab', price: 'x', email: 'no' },
      { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' },
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      code: 'invalid_input',
      message: 'Algunos de los datos que enviaste no son válidos. Revisa los campos marcados.',
      fields: {
        title: 'Debe tener al menos 3 caracteres.',
        price: 'Se esperaba un número válido',
        email: 'Ingresa un correo electrónico válido.',
      },
    })
  })

  it('picks the supported language with the highest preference, else English', async () => {
    const notFound = async (acceptLanguage: string) =>
      (await t.app.inject({ url: '/api/nope', headers: { 'accept-language': acceptLanguage } })).json().message
    expect(await notFound('fr-FR, es;q=0.5, en;q=0.3')).toBe('No encontramos lo que buscabas.')
    expect(await notFound('fr-FR, de')).toBe('We could not find what you were looking for.')
    expect(await notFound('en;q=0.4, es;q=0.6')).toBe('No encontramos lo que buscabas.')
  })

  it('answers 400 malformed_json for a body that is not JSON', async () => {
    const res = await postListing('{"title": ', { 'content-type': 'application/json' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'malformed_json' })
  })

  it('answers 413 for a body over the limit', async () => {
    const res = await postListing({ ...validListing, description: 'x'.repeat(1_100_000) })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ message: 'The request is too large.', code: 'payload_too_large' })
  })

  it('answers 415 for a content type the route cannot read', async () => {
    const res = await postListing('<listing/>', { 'content-type': 'application/xml' })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({ message: 'This content type is not supported.', code: 'unsupported_media_type' })
  })

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/deals/unknown/thing'],
    ['DELETE', '/api/health'],
    ['GET', '/cognito-idp/some-pool/unknown'],
  ] as const)('answers a JSON 404 for %s %s', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { accept: 'text/html,application/json' } })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.json()).toEqual({ message: 'We could not find what you were looking for.', code: 'not_found' })
  })

  it('answers 500 without internals and logs the stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'trace-42' } })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again later.',
      code: 'internal',
    })
    expect(res.body).not.toMatch(/dm_users|at |\.ts/)
    expect(res.headers['x-request-id']).toBe('trace-42')
    const line = logLines.map((l) => JSON.parse(l)).find((entry) => entry.level === 50)
    expect(line).toMatchObject({ reqId: 'trace-42', err: { message: 'secret table dm_users exploded' } })
    expect(line.err.stack).toMatch(/errors\.test\.ts/)
  })

  it('logs a failing query without its parameters (personal data never reaches the log)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/failing-query',
      headers: { 'x-request-id': 'sql-1' },
    })
    expect(res.statusCode).toBe(500)
    const lines = logLines.filter((l) => l.includes('"sql-1"'))
    const failure = lines.map((l) => JSON.parse(l)).find((entry) => entry.level === 50)
    expect(failure.err.message).toMatch(/Failed query: select \$1::int/)
    expect(lines.join('\n')).not.toMatch(/pat\.buyer|6025550100|Call me about/)
  })

  it('logs request addresses without their query values (a search for an e-mail stays out of the log)', async () => {
    await t.app.inject({
      url: '/api/health?q=pat.buyer%40example.com&page=2',
      headers: { 'x-request-id': 'query-1' },
    })
    const lines = logLines.filter((l) => l.includes('"query-1"'))
    const incoming = lines.map((l) => JSON.parse(l)).find((entry) => entry.req)
    expect(incoming.req.url).toBe('/api/health?q=…&page=…')
    expect(lines.join('\n')).not.toMatch(/pat\.buyer/)
  })

  it('gives each request an id and refuses ids that could forge log lines', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\n{"level":60}' } })
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('never writes authorization or cookie headers to the log', async () => {
    await t.app.inject({
      url: '/api/test/headers',
      headers: { authorization: 'Bearer eyJsecret', cookie: 'session=abc123' },
    })
    const line = logLines.find((l) => l.includes('echoing headers'))
    expect(line).toBeDefined()
    expect(line).not.toMatch(/eyJsecret|abc123/)
    expect(JSON.parse(line!).headers).toMatchObject({ authorization: '[redacted]', cookie: '[redacted]' })
  })
})
