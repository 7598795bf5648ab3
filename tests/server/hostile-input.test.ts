import { describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { callerWith } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp } from './helpers'
import { fingerprintQuery, hostileInputSuite } from './hostile-input-helpers'

// Half the routes here, half in hostile-input-2.test.ts, so two workers share them.
hostileInputSuite(0, 2)

describe('the database fingerprint the hostile-input suite compares', () => {
  it('changes when a write goes through, and not when one is refused', async () => {
    const t = await createTestApp()
    try {
      const buyer = await callerWith(t, ['buyer'])
      const fingerprint = await fingerprintQuery(t.db)
      const before = await fingerprint()
      const refused = await client(t.app, buyer).send(endpoints.putPreferences, {
        body: { state: 'ZZ', city: 'Phoenix' },
      })
      expect(refused.statusCode).toBe(400)
      expect(await fingerprint()).toEqual(before)
      await client(t.app, buyer).ok(endpoints.putPreferences, { body: { state: 'AZ', city: 'Phoenix' } })
      expect(await fingerprint()).not.toEqual(before)
    } finally {
      await t.close()
    }
  }, 60_000)
})
