import { createHash } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INLINE_SCRIPTS } from '../../src/contract'
import type { App } from '../../server/app'
import { createTestApp, createTestDb, type TestApp } from './helpers'
import type { DbConnection } from '../../server/db/client'

const cspOf = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  )

const largeList = Array.from({ length: 400 }, (_, i) => ({ id: i, city: 'Phoenix', zipCode: '85001' }))
const addLargeRoute = (app: App) => {
  app.get('/api/test/large', async () => largeList)
}

describe('security headers and compression', () => {
  let connection: DbConnection
  let plain: TestApp
  let secure: TestApp

  beforeAll(async () => {
    connection = await createTestDb()
    plain = await createTestApp({ connection, register: addLargeRoute })
    secure = await createTestApp({
      connection,
      env: {
        PUBLIC_URL: 'https://deals.example.com',
        CSP_EXTRA_CONNECT_SRC: 'https://api.posthog.example,wss://ws.example',
      },
    })
  })
  afterAll(async () => {
    await plain.close()
    await secure.close()
    await connection.close()
  })

  it('sends the SPA content security policy on every answer', async () => {
    const res = await plain.app.inject({ url: '/api/health' })
    const csp = cspOf(res.headers['content-security-policy'])
    expect(csp).toEqual({
      'default-src': ["'self'"],
      'script-src': [
        "'self'",
        ...INLINE_SCRIPTS.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`),
      ],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'font-src': ["'self'", 'data:'],
      // The embedded socket is on our own origin: named exactly, since 'self' does not cover ws: everywhere.
      'connect-src': ["'self'", `ws://${new URL(plain.app.config.PUBLIC_URL).host}`],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it('adds extra connect origins and https-only directives when served over https', async () => {
    const res = await secure.app.inject({ url: '/api/health' })
    const csp = cspOf(res.headers['content-security-policy'])
    expect(csp['connect-src']).toEqual([
      "'self'",
      'wss://deals.example.com',
      'https://api.posthog.example',
      'wss://ws.example',
    ])
    expect(csp['upgrade-insecure-requests']).toEqual([])
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/)
  })

  it('gzips a large answer for a client that accepts it', async () => {
    const res = await plain.app.inject({ url: '/api/test/large', headers: { 'accept-encoding': 'gzip' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(largeList).length / 4)
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(largeList)
  })

  it('sends it uncompressed to a client that does not', async () => {
    const res = await plain.app.inject({ url: '/api/test/large', headers: { 'accept-encoding': 'identity' } })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.json()).toEqual(largeList)
  })
})
