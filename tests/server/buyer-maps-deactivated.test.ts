import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, PreferencesSchema } from '../../src/contract'
import { users } from '../../server/db/schema'
import { putDocument } from '../../server/modules/profile/documents'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'

/*
 * Issue 26, buyer demand: a deactivated account is no buyer any more. Buyer maps, buyer analytics and ZIP
 * analytics count only active accounts, and follow an admin's deactivation and reactivation at once.
 */

let t: TestApp
let admin: Caller
let seller: Caller
const US = { bbox: '-125,24,-66,50', zoom: 4 }

beforeAll(async () => {
  t = await createTestApp()
  admin = await callerWith(t, ['admin'])
  seller = await callerWith(t, ['originator'])
}, 60_000)
afterAll(() => t.close())

/** A buyer with saved preferences naming the ZIP code; a signed-up one when an admin will change them. */
async function buyerIn(zipCode: string, status: 'active' | 'deactivated' | 'signed-up' = 'active') {
  const id =
    status === 'signed-up'
      ? (await callerWith(t, ['buyer'])).id
      : (
          await t.db
            .insert(users)
            .values({ cognitoSub: randomUUID(), email: `${randomUUID()}@example.test`, roles: ['buyer'], status })
            .returning({ id: users.id })
        )[0]!.id
  const preferences = { state: 'AZ', city: 'Tucson', zipCodes: [zipCode], maxDownPayment: 10_000 }
  await putDocument(t.db, 'preferences', id, PreferencesSchema.parse(preferences))
  return id
}

const mapCount = async (zipCode: string) =>
  (await client(t.app, seller).ok(endpoints.buyerLocations, { query: US })).zips.find((zip) => zip.zipCode === zipCode)
    ?.count ?? 0
const analyticsTotal = async (zipCode: string) =>
  (await client(t.app, seller).ok(endpoints.buyerAnalytics, { query: { radiusZip: zipCode, radiusMiles: 1 } })).total
const zipCount = async (zipCode: string) =>
  (await client(t.app).ok(endpoints.zipAnalytics, { params: { zip: zipCode } })).buyerCount

describe('deactivated accounts in buyer demand', () => {
  it('leaves out buyers whose account was deactivated before the demand was first read', async () => {
    const zip = '85003'
    for (let i = 0; i < 3; i++) await buyerIn(zip)
    await buyerIn(zip, 'deactivated')
    expect(await mapCount(zip)).toBe(3)
    expect(await analyticsTotal(zip)).toBe(3)
    expect(await zipCount(zip)).toBe(3)
  })

  it('drops a buyer an admin deactivates and counts them again once reactivated', async () => {
    const zip = '85701'
    const ids = [
      await buyerIn(zip, 'signed-up'),
      await buyerIn(zip, 'signed-up'),
      await buyerIn(zip),
      await buyerIn(zip),
    ]
    expect([await mapCount(zip), await analyticsTotal(zip), await zipCount(zip)]).toEqual([4, 4, 4])

    const asAdmin = client(t.app, admin)
    for (const id of ids.slice(0, 2)) {
      await asAdmin.ok(endpoints.adminUpdateUser, { params: { id }, body: { status: 'deactivated', reason: 'Spam' } })
    }
    // Two active buyers left: too few for the map or the analytics (small cells), and the ZIP counts two.
    expect([await mapCount(zip), await analyticsTotal(zip), await zipCount(zip)]).toEqual([0, 0, 2])

    await asAdmin.ok(endpoints.adminUpdateUser, { params: { id: ids[0]! }, body: { status: 'active' } })
    expect([await mapCount(zip), await analyticsTotal(zip), await zipCount(zip)]).toEqual([3, 3, 3])
    expect((await t.db.select().from(users).where(eq(users.id, ids[1]!)))[0]?.status).toBe('deactivated')
  })
})
