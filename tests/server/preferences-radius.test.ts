import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, callerWith, validPreferences } from './accounts-helpers'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const put = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(t.app, 'PUT', '/api/profile/preferences', { as: await callerWith(t), body, headers })

describe('the search radius in the preferences', () => {
  it('is saved with its ZIP code and miles together', async () => {
    const res = await put({ ...validPreferences, radiusZip: '85016', radiusMiles: 25 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ radiusZip: '85016', radiusMiles: 25 })
  })

  it('answers the missing half at its own field, in the caller’s language', async () => {
    const noZip = await put({ ...validPreferences, radiusMiles: 25 })
    expect(noZip.statusCode).toBe(400)
    expect(noZip.json().fields).toEqual({ radiusZip: 'Enter the ZIP code your radius is measured from' })
    const noMiles = await put({ ...validPreferences, radiusZip: '85016' }, { 'accept-language': 'es' })
    expect(noMiles.statusCode).toBe(400)
    expect(noMiles.json().fields).toEqual({ radiusMiles: 'Indica cuántas millas alrededor del código postal' })
  })

  it('keeps the miles within 250', async () => {
    const res = await put({ ...validPreferences, radiusZip: '85016', radiusMiles: 400 })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().fields)).toEqual(['radiusMiles'])
  })
})
