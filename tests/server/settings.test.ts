import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FeatureFlagsSchema } from '../../src/contract'
import { getSetting, putSetting } from '../../server/modules/settings/service'
import { createTestApp, type TestApp } from './helpers'

describe('feature flags', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const readFlags = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config/feature-flags' })
    expect(res.statusCode).toBe(200)
    return FeatureFlagsSchema.parse(res.json())
  }

  it('starts with the banner off, as seeded by the migration', async () => {
    expect(await readFlags()).toEqual({ enableWebinarBanner: false, webinarRegistrationUrl: null })
  })

  it('answers what putSetting stored, without a token', async () => {
    const flags = { enableWebinarBanner: true, webinarRegistrationUrl: 'https://example.com/webinar' }
    await putSetting(t.db, 'feature_flags', flags)
    expect(await readFlags()).toEqual(flags)
    expect(await getSetting(t.db, 'feature_flags')).toEqual(flags)
  })

  it('refuses to store a value its schema rejects', async () => {
    await expect(
      putSetting(t.db, 'feature_flags', { enableWebinarBanner: true, webinarRegistrationUrl: 'not a url' }),
    ).rejects.toThrow()
    expect((await readFlags()).webinarRegistrationUrl).toBe('https://example.com/webinar')
  })

  it('falls back to the defaults when the row is missing', async () => {
    await t.db.execute(sql`delete from app_settings where key = 'feature_flags'`)
    expect(await readFlags()).toEqual({ enableWebinarBanner: false, webinarRegistrationUrl: null })
  })

  it('answers a 500 rather than a malformed flag object when the stored value is corrupt', async () => {
    await t.db.execute(
      sql`insert into app_settings (key, value) values ('feature_flags', '{"enableWebinarBanner": "yes"}'::jsonb)`,
    )
    const res = await t.app.inject({ method: 'GET', url: '/api/config/feature-flags' })
    expect(res.statusCode).toBe(500)
    expect(res.json().code).toBe('internal')
  })
})
