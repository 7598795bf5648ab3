import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DealSummary } from '../../src/contract'
import { deals } from '../../server/db/schema'
import { seedDemo } from '../../server/modules/seed/service'
import { DEMO_LISTING_COUNT } from '../../server/modules/seed/listings'
import { DEMO_PASSWORD } from '../../server/modules/seed/demo-accounts'
import { call, callerWith } from './accounts-helpers'
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
    const mine = (await call(t.app, 'GET', '/api/deals/mine', { as: { headers: bearer(idToken) } })).json() as {
      id: string
      interestCount: number
      favoriteCount: number
    }[]
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

  it('does not add listings a second time', async () => {
    await seedDemo(t.app)
    expect(await t.db.$count(deals)).toBe(DEMO_LISTING_COUNT)
  })
})
