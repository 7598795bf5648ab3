import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbConnection } from '../../server/db/client'
import { createTestApp, createTestDb, type TestApp } from './helpers'

// The development outbox holds every sign-in code: only a caller on this machine may read it, whatever the
// mode, judged by the connection's own address and never by what a proxy says.

const outbox = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/api/dev/outbox', remoteAddress, headers })

const loopback = ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']
const elsewhere = [
  '203.0.113.5',
  '10.0.0.2',
  '192.168.1.4',
  '172.17.0.1',
  '::ffff:10.0.0.2',
  '2606:4700::1111',
  'fe80::1',
]

describe('who may read the development outbox', () => {
  let connection: DbConnection
  let apps: Record<'test' | 'development' | 'trustingProxy', TestApp>
  beforeAll(async () => {
    connection = await createTestDb()
    const [test, development, trustingProxy] = await Promise.all([
      createTestApp({ connection }),
      createTestApp({ connection, env: { NODE_ENV: 'development' } }),
      createTestApp({ connection, env: { TRUST_PROXY: 'true' } }),
    ])
    apps = { test: test!, development: development!, trustingProxy: trustingProxy! }
  })
  afterAll(async () => {
    await Promise.all(Object.values(apps).map((t) => t.close()))
    await connection.close()
  })

  it.each(['test', 'development', 'trustingProxy'] as const)('answers a caller on this machine (%s)', async (mode) => {
    for (const address of loopback) {
      const answer = await outbox(apps[mode], address)
      expect(answer.statusCode, address).toBe(200)
      expect(answer.json()).toHaveProperty('mails')
    }
  })

  it.each(['test', 'development', 'trustingProxy'] as const)(
    'is not found for a caller on another machine (%s)',
    async (mode) => {
      for (const address of elsewhere) {
        const answer = await outbox(apps[mode], address, { 'accept-language': 'es' })
        expect(answer.statusCode, address).toBe(404)
        expect(answer.json()).toEqual({ message: 'No encontramos lo que buscabas.', code: 'not_found' })
      }
    },
  )

  it('believes no X-Forwarded-For, even from a trusted proxy', async () => {
    for (const mode of ['test', 'trustingProxy'] as const) {
      const claimed = await outbox(apps[mode], '203.0.113.5', { 'x-forwarded-for': '127.0.0.1' })
      expect(claimed.statusCode, mode).toBe(404)
    }
  })

  it('refuses a request a proxy on this machine forwarded, since the proxy may have taken it from anywhere', async () => {
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.5' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.5' },
      { 'x-real-ip': '203.0.113.5' },
    ]
    for (const mode of ['test', 'trustingProxy'] as const) {
      for (const headers of forwarded) {
        expect((await outbox(apps[mode], '127.0.0.1', headers)).statusCode, JSON.stringify(headers)).toBe(404)
      }
    }
  })
})
