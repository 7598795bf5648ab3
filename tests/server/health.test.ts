import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBodySchema, HealthSchema } from '../../src/contract'
import { createTestApp, type TestApp } from './helpers'

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

describe('GET /api/health', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('answers ok with the database reachable and the package version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(HealthSchema.parse(res.json())).toEqual({ status: 'ok', db: 'ok', version })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('answers 503 in the error shape once the database is gone', async () => {
    const broken = await createTestApp()
    try {
      await broken.connection.close()
      const res = await broken.app.inject({ method: 'GET', url: '/api/health' })
      expect(res.statusCode).toBe(503)
      const body = ApiErrorBodySchema.strict().parse(res.json())
      expect(body).toEqual({ code: 'db_unavailable', message: expect.stringMatching(/database/i) })
    } finally {
      await broken.close()
    }
  })
})
