import { describe, expect, it } from 'vitest'
import { endpoints, type DealSummary } from '../../src/contract'
import { DEMAND_TOPIC } from '../../server/modules/buyer-maps/snapshot'
import { call, callerWith, validPreferences, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import type { TestApp } from './helpers'
import { twoInstancesForFile, type TwoInstances } from './two-instances-helpers'

/*
 * Issue 27: a write on one instance makes the other's remembered reads stale at once (README Decisions: read
 * caches). Each test reads on B first (so B remembers the answer), writes on A, and reads on B again.
 */

type Page = { items: DealSummary[]; total: number }

/**
 * Waits until B has heard everything A announced so far: notifications reach a listener in the order they
 * were sent, so once a marker A sends after its write is heard on B, so is the write's own announcement.
 */
async function heardOnB({ a, b }: TwoInstances) {
  if (!a.app.bus || !b.app.bus) return
  const marker = `marker-${Math.random()}`
  const heard = new Promise<void>((resolve) => {
    const stop = b.app.bus.subscribe('test-marker', (message) => {
      if (message !== marker) return
      stop()
      resolve()
    })
  })
  await a.app.bus.publish(a.app.db, 'test-marker', marker)
  await heard
}

/**
 * Makes A's announcements on `topic` leave `ms` late, as when every pooled connection is busy: an
 * announcement the answer does not wait for then reaches B after the marker heardOnB sends.
 */
function slowAnnouncements({ a }: TwoInstances, topic: string, ms: number): () => void {
  const bus = a.app.bus
  const publish = bus.publish.bind(bus)
  bus.publish = async (db, on, message) => {
    if (on === topic) await new Promise((resolve) => setTimeout(resolve, ms))
    return publish(db, on, message)
  }
  return () => {
    bus.publish = publish
  }
}

/** How many buyers B's buyer map counts in `zipCode` for a seller signed in on B (0 when left off the map). */
async function buyerMapCountOnB({ b }: TwoInstances, zipCode: string): Promise<number> {
  const seller = await callerWith(b, ['originator'])
  const US = { bbox: '-125,24,-66,50', zoom: 4 }
  const { zips } = await client(b.app, seller).ok(endpoints.buyerLocations, { query: US })
  return zips.find((zip) => zip.zipCode === zipCode)?.count ?? 0
}

describe('read caches across two instances on one database', () => {
  const both = twoInstancesForFile()

  const browse = async (t: TestApp, as: Caller, city: string) => {
    const response = await call(t.app, 'GET', `/api/deals?city=${city}`, { as })
    expect(response.statusCode).toBe(200)
    return response.json<Page>()
  }

  it('shows on B the very next browse after a listing written on A', async () => {
    const { a, b } = both
    const seller = await callerWith(a, ['originator'])
    const buyer = await callerWith(a, ['buyer'])
    const first = await createListing(a, seller, { city: 'Twinsville' })
    expect((await browse(b, buyer, 'Twinsville')).items.map((item) => item.id)).toEqual([first.id])

    const second = await createListing(a, seller, { city: 'Twinsville' })
    await heardOnB(both)
    const page = await browse(b, buyer, 'Twinsville')
    expect(page.items.map((item) => item.id).sort()).toEqual([first.id, second.id].sort())
    expect(page.total).toBe(2)
  })

  it('refuses on B the next call of a user deactivated on A', async () => {
    const { a, b } = both
    const user = await callerWith(a, ['buyer'])
    expect((await call(b.app, 'GET', '/api/auth/me', { as: user })).statusCode).toBe(200)

    const admin = await callerWith(a, ['admin'])
    const body = { status: 'deactivated', reason: 'Test' }
    expect((await call(a.app, 'PATCH', `/api/admin/users/${user.id}`, { as: admin, body })).statusCode).toBe(200)
    await heardOnB(both)
    const answer = await call(b.app, 'GET', '/api/auth/me', { as: user })
    expect(answer.statusCode).toBe(403)
    expect(answer.json()).toMatchObject({ code: 'account_deactivated' })
  })

  it('gives on B the roles an admin grants on A at the next call', async () => {
    const { a, b } = both
    const user = await callerWith(a, ['buyer'])
    const me = async () => (await call(b.app, 'GET', '/api/auth/me', { as: user })).json<{ roles: string[] }>()
    expect((await me()).roles).toEqual(['buyer'])

    const admin = await callerWith(a, ['admin'])
    const body = { roles: ['buyer', 'originator'] }
    expect((await call(a.app, 'PATCH', `/api/admin/users/${user.id}`, { as: admin, body })).statusCode).toBe(200)
    await heardOnB(both)
    expect((await me()).roles.sort()).toEqual(['buyer', 'originator'])
  })

  it('counts on B’s buyer map at once the preferences buyers save on A (not after the 5-minute reload)', async () => {
    const { a } = both
    const countOnB = () => buyerMapCountOnB(both, '85004')
    // The map leaves out ZIP codes of fewer than 3 buyers.
    const buyers = await Promise.all([1, 2, 3].map(() => callerWith(a, ['buyer'])))
    const body = { ...validPreferences, zipCodes: ['85004'] }
    await client(a.app, buyers[0]!).ok(endpoints.putPreferences, { body })
    await client(a.app, buyers[1]!).ok(endpoints.putPreferences, { body })
    expect(await countOnB()).toBe(0)

    // The save answers only once its announcement has left, however slow that is.
    const restore = slowAnnouncements(both, DEMAND_TOPIC, 200)
    try {
      await client(a.app, buyers[2]!).ok(endpoints.putPreferences, { body })
    } finally {
      restore()
    }
    await heardOnB(both)
    expect(await countOnB()).toBe(3)
  })

  it('counts on B’s buyer map at once a buyer an admin deactivates on A', async () => {
    const { a } = both
    const countOnB = () => buyerMapCountOnB(both, '85006')
    const buyers = await Promise.all([1, 2, 3].map(() => callerWith(a, ['buyer'])))
    const body = { ...validPreferences, zipCodes: ['85006'] }
    for (const buyer of buyers) await client(a.app, buyer).ok(endpoints.putPreferences, { body })
    await heardOnB(both)
    expect(await countOnB()).toBe(3)

    const admin = await callerWith(a, ['admin'])
    const restore = slowAnnouncements(both, DEMAND_TOPIC, 200)
    try {
      const deactivate = { status: 'deactivated', reason: 'Test' }
      const response = await call(a.app, 'PATCH', `/api/admin/users/${buyers[0]!.id}`, { as: admin, body: deactivate })
      expect(response.statusCode).toBe(200)
    } finally {
      restore()
    }
    await heardOnB(both)
    // Fewer than 3 buyers: the ZIP code is left off the map.
    expect(await countOnB()).toBe(0)
  })
})
