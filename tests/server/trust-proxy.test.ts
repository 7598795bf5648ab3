import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from './accounts-helpers'
import { createTestApp, type TestApp } from './helpers'

const PROXY = '10.1.2.3'

/** Six empty access requests from one person behind the proxy (the limit is five a window). */
async function sixFrom(t: TestApp, person: string) {
  const statuses: number[] = []
  for (let i = 0; i < 6; i += 1) {
    const answer = await call(t.app, 'POST', '/api/auth/public-request-access', {
      body: {},
      ip: PROXY,
      headers: { 'x-forwarded-for': person },
    })
    statuses.push(answer.statusCode)
  }
  return statuses
}

describe('callers behind a reverse proxy', () => {
  let trusting: TestApp
  let oneHop: TestApp
  let plain: TestApp
  beforeAll(async () => {
    trusting = await createTestApp({ env: { TRUST_PROXY: PROXY } })
    oneHop = await createTestApp({ env: { TRUST_PROXY: '1' } })
    plain = await createTestApp()
  })
  afterAll(async () => {
    await Promise.all([trusting.close(), oneHop.close(), plain.close()])
  })

  it('are told apart by X-Forwarded-For when the proxy is trusted', async () => {
    expect(await sixFrom(trusting, '203.0.113.7')).toEqual([400, 400, 400, 400, 400, 429])
    // Another person behind the same proxy has their own allowance.
    expect((await sixFrom(trusting, '203.0.113.8'))[0]).toBe(400)
  })

  it('are told apart when the nearest hop is trusted by count', async () => {
    expect(await sixFrom(oneHop, '203.0.113.7')).toEqual([400, 400, 400, 400, 400, 429])
    expect((await sixFrom(oneHop, '203.0.113.8'))[0]).toBe(400)
  })

  it('share the proxy address (and its limit) when it is not', async () => {
    expect(await sixFrom(plain, '203.0.113.7')).toEqual([400, 400, 400, 400, 400, 429])
    expect((await sixFrom(plain, '203.0.113.8'))[0]).toBe(429)
  })
})
