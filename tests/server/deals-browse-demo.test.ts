import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type DealSummary } from '../../src/contract'
import { deals, users } from '../../server/db/schema'
import { seedDemo } from '../../server/modules/seed/service'
import { DEMO_LISTING_COUNT } from '../../server/modules/seed/listings'
import { DEMO_PASSWORD } from '../../server/modules/seed/demo-accounts'
import { generateListing, seededRandom } from '../../server/modules/seed/listings-data'
import { call, callerWith } from './accounts-helpers'
import { client } from './contract-client'
import { bearer, signIn } from './identity-helpers'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.app)
})

afterAll(async () => {
  await t.close()
})

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows

describe('demo listings', () => {
  it('seeds a few hundred listings of every category, purchase type and status, owned by the demo sellers', async () => {
    expect(await t.db.$count(deals)).toBe(DEMO_LISTING_COUNT)
    const kinds = await rows<{ kind: string }>(
      sql`select distinct coalesce(purchase_type, deal_category) as kind from deals`,
    )
    expect(kinds.map((k) => k.kind).sort()).toEqual(['Hybrid', 'LeaseOption', 'SellerFinance', 'SubTo', 'cash'])
    const statuses = await rows<{ status: string }>(sql`select distinct status from deals`)
    expect(statuses.map((s) => s.status).sort()).toEqual(['active', 'canceled', 'exclusive', 'pending', 'sold'])
    const owners = await rows<{ email: string }>(
      sql`select distinct u.email from deals d join users u on u.id = d.seller_id order by u.email`,
    )
    expect(owners.map((o) => o.email)).toEqual(['hybrid@demo.test', 'owner@demo.test', 'seller@demo.test'])
    const states = await rows<{ n: number }>(sql`select count(distinct state)::int as n from deals`)
    expect(states[0]!.n).toBeGreaterThan(15)
  })

  it('gives sold and canceled listings the history that led there', async () => {
    const history = await rows<{ status: string; steps: string }>(sql`
      select d.status, string_agg(h.status || '/' || h.source, ' ' order by h.created_at, h.status) as steps
      from deals d join deal_status_history h on h.deal_id = d.id
      where d.status in ('sold', 'canceled') group by d.id, d.status`)
    for (const { status, steps } of history) {
      expect(steps.startsWith('active/system')).toBe(true)
      expect(steps).toContain(status === 'sold' ? 'sold/' : 'canceled/off-platform')
    }
  })

  it('shows up in browse with photos that are really there', async () => {
    const buyer = await callerWith(t, ['buyer'])
    const page = (await call(t.app, 'GET', '/api/deals?pageSize=5', { as: buyer })).json() as { items: DealSummary[] }
    expect(page.items).toHaveLength(5)
    const cover = page.items[0]!.coverPhotoUrl!
    const served = await t.app.inject({ method: 'GET', url: cover })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
  })

  it('gives the demo sellers interested buyers, with their contact data, and saved listings', async () => {
    const { idToken } = await signIn(t.app, 'seller@demo.test', DEMO_PASSWORD)
    const { items: mine } = (
      await call(t.app, 'GET', '/api/deals/mine?pageSize=100', { as: { headers: bearer(idToken) } })
    ).json() as { items: { id: string; interestCount: number; favoriteCount: number }[] }
    const wanted = mine.filter((deal) => deal.interestCount > 0)
    expect(wanted.length).toBeGreaterThan(5)
    expect(mine.some((deal) => deal.favoriteCount > 0)).toBe(true)
    const interests = (
      await call(t.app, 'GET', `/api/deals/${wanted[0]!.id}/interests`, { as: { headers: bearer(idToken) } })
    ).json() as { name: string; phone: string; email: string; message: string }[]
    expect(interests[0]).toMatchObject({
      name: expect.stringMatching(/\w+ \w+/),
      phone: expect.stringMatching(/^\d{10}$/),
    })
    expect(interests[0]!.email).toMatch(/@demo\.test$/)

    const buyer = await signIn(t.app, 'buyer@demo.test', DEMO_PASSWORD)
    const interested = (
      await call(t.app, 'GET', '/api/deals?interested=true', { as: { headers: bearer(buyer.idToken) } })
    ).json() as { total: number }
    expect(interested.total).toBeGreaterThan(5)
  })

  it('dates every listing from the seeding day: open ones close in the coming weeks, loans mature later', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const open = await rows<{ close: string | null }>(
      sql`select expected_close_of_escrow::text as close from deals where status in ('active', 'exclusive', 'pending')`,
    )
    expect(open.length).toBeGreaterThan(100)
    expect(open.filter((row) => !row.close || row.close < today)).toEqual([])
    const closes = new Set(open.map((row) => row.close))
    expect(closes.size).toBeGreaterThan(10)
    const maturities = await rows<{ n: number }>(
      sql`select count(*)::int as n from deals where loan_maturity <= ${today}::date or seller_loan_maturity <= ${today}::date`,
    )
    expect(maturities[0]!.n).toBe(0)

    // The same listing generated on another seeding day moves with it.
    const place = { zip: '85008', city: 'Phoenix', state: 'AZ', latitude: 33.46, longitude: -111.99 }
    for (const now of [new Date('2031-05-10T12:00:00Z'), new Date('2027-02-01T12:00:00Z')]) {
      for (let index = 0; index < 40; index += 1) {
        const { row, status } = generateListing(seededRandom(index), place, 'seller', 300_000, now, index)
        if (status === 'sold' || status === 'canceled') continue
        const close = new Date(`${row.expectedCloseOfEscrow}T12:00:00Z`).getTime()
        expect(close).toBeGreaterThan(now.getTime())
        expect(close - now.getTime()).toBeLessThan(120 * 86_400_000)
      }
    }
  })

  it('gives the demo sellers a call booking link, so buyers see "Schedule a call"', async () => {
    const buyer = await callerWith(t, ['buyer'])
    const page = (await call(t.app, 'GET', '/api/deals?pageSize=1', { as: buyer })).json() as { items: DealSummary[] }
    const deal = (await call(t.app, 'GET', `/api/deals/${page.items[0]!.id}`, { as: buyer })).json() as {
      listedBy: { callBookingLink: string | null }
    }
    expect(deal.listedBy.callBookingLink).toMatch(/^https:\/\//)
    const sellers = await rows<{ email: string; link: string | null }>(sql`
      select email, call_booking_link as link from users where 'originator' = any(roles) order by email`)
    expect(sellers.length).toBeGreaterThan(0)
    expect(sellers.filter((seller) => !seller.link)).toEqual([])
  })

  it('gives sellers a buyer market on the buyer map, its analytics and a ZIP’s analytics', async () => {
    const seller = await callerWith(t, ['originator'])
    const map = await client(t.app, seller).ok(endpoints.buyerLocations, {
      query: { bbox: '-179,-89,179,89', zoom: 3 },
    })
    expect(map.zips.length).toBeGreaterThan(10)
    expect(map.zips.every((zip) => zip.count >= 3)).toBe(true)
    const analytics = await client(t.app, seller).ok(endpoints.buyerAnalytics, { query: {} })
    expect(analytics.total).toBeGreaterThan(100)
    expect(analytics.byFinancingType.length).toBeGreaterThan(3)
    // The busiest ZIP has enough buyers for its averages (5 or more), signed out.
    const busiest = map.zips[0]!
    const zip = await client(t.app).ok(endpoints.zipAnalytics, { params: { zip: busiest.zipCode } })
    expect(zip.buyerCount).toBeGreaterThanOrEqual(5)
    expect(zip.avgDownPayment).toBeGreaterThan(0)
    // The generated buyers hear of nothing: no channel, so no alert or digest goes to a made-up address.
    const channels = await rows<{ n: number }>(sql`
      select count(*)::int as n from buyer_preferences p join users u on u.id = p.user_id
      where u.email like '%@market.demo.test' and jsonb_array_length(p.data->'notificationChannels') > 0`)
    expect(channels[0]!.n).toBe(0)
  })

  it('does not add listings or market buyers a second time', async () => {
    const people = await t.db.$count(users)
    await seedDemo(t.app)
    expect(await t.db.$count(deals)).toBe(DEMO_LISTING_COUNT)
    expect(await t.db.$count(users)).toBe(people)
  })
})
