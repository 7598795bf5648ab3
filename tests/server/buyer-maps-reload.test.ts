import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { endpoints } from '../../src/contract'
import { buyerDemand, users } from '../../server/db/schema'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'

/*
 * Issue 26, buyer demand at scale: the buyer map answers from every buyer's demand in memory. A save made by
 * another server on the same database (this process is not told of it) shows after the 5-minute full reload,
 * which runs in the background: the read that finds the snapshot old still answers at once, from it.
 */

let t: TestApp
let seller: Caller
const US = { bbox: '-125,24,-66,50', zoom: 4 }

beforeAll(async () => {
  t = await createTestApp()
  seller = await callerWith(t, ['originator'])
}, 60_000)
afterAll(() => t.close())
afterEach(() => vi.useRealTimers())

const countIn = async (zipCode: string) =>
  (await client(t.app, seller).ok(endpoints.buyerLocations, { query: US })).zips.find((zip) => zip.zipCode === zipCode)
    ?.count ?? 0

/** A buyer's demand row written straight to the table, as another server's save would leave it. */
async function savedElsewhere(zipCode: string) {
  const [row] = await t.db
    .insert(users)
    .values({ cognitoSub: randomUUID(), email: `${randomUUID()}@example.test`, roles: ['buyer'] })
    .returning({ id: users.id })
  await t.db.insert(buyerDemand).values({ userId: row!.id, zipCodes: [zipCode], state: 'NM', propertyTypes: [] })
}

describe('the full reload of buyer demand', () => {
  it('shows another server’s saves after 5 minutes, reloading in the background while the old counts answer', async () => {
    const zip = '87501'
    expect(await countIn(zip)).toBe(0)
    for (let i = 0; i < 3; i++) await savedElsewhere(zip)
    // Within 5 minutes of the last load, the snapshot is current for this process's saves only.
    expect(await countIn(zip)).toBe(0)

    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000)
    // The read that finds the snapshot old does not wait for the reload it starts.
    expect(await countIn(zip)).toBe(0)
    await vi.waitFor(async () => expect(await countIn(zip)).toBe(3), { timeout: 10_000, interval: 50 })
  })
})
