import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type RoadmapItem } from '../../src/contract'
import { auditLog, roadmapItems } from '../../server/db/schema'
import { seedRoadmap } from '../../server/modules/roadmap/seed'
import { ROADMAP_SEED } from '../../server/modules/roadmap/seed-items'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'

const newItem = {
  status: 'planned' as const,
  titleEn: 'Dark mode',
  titleEs: 'Modo oscuro',
  descriptionEn: 'A darker look for the evening.',
  descriptionEs: 'Un aspecto más oscuro para la noche.',
}

describe('the roadmap', () => {
  let t: TestApp
  let admin: Caller
  let owner: Caller
  let buyer: Caller
  let otherBuyer: Caller
  let seller: Caller
  beforeAll(async () => {
    t = await createTestApp()
    await seedRoadmap(t.db)
    admin = await callerWith(t, ['admin'])
    owner = await callerWith(t, ['owner'])
    buyer = await callerWith(t, ['buyer'])
    otherBuyer = await callerWith(t, ['buyer'])
    seller = await callerWith(t, ['originator'])
  })
  afterAll(() => t.close())

  const list = () =>
    client(t.app)
      .ok(endpoints.roadmap)
      .then((answer) => answer.items)
  const firstPlanned = async () => (await list()).find((item) => item.status === 'planned')!
  const column = (items: RoadmapItem[], status: RoadmapItem['status']) =>
    items.filter((item) => item.status === status).map((item) => item.titleEn)
  const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1))[0]!

  it('is public: the seeded columns in order, in both languages, without a token', async () => {
    const response = await client(t.app).send(endpoints.roadmap)
    expect(response.statusCode).toBe(200)
    const items = await list()
    expect(items).toHaveLength(ROADMAP_SEED.length)
    expect([...new Set(items.map((item) => item.status))]).toEqual(['planned', 'in_progress', 'shipped'])
    expect(column(items, 'shipped')[0]).toBe('Invitation-only access and waitlist')
    expect(items.find((item) => item.titleEn === 'Owners Club')?.titleEs).toBe('Club de Propietarios')
  })

  it("counts one vote per member, lists the caller's own votes, and takes a vote back", async () => {
    const item = await firstPlanned()
    const as = client(t.app, buyer)
    expect(await as.ok(endpoints.roadmapVote, { params: { id: item.id } })).toEqual({
      itemId: item.id,
      voted: true,
      votes: 1,
    })
    // Voting again keeps one vote.
    expect((await as.ok(endpoints.roadmapVote, { params: { id: item.id } })).votes).toBe(1)
    expect((await client(t.app, otherBuyer).ok(endpoints.roadmapVote, { params: { id: item.id } })).votes).toBe(2)
    expect((await firstPlanned()).votes).toBe(2)
    expect(await as.ok(endpoints.roadmapMyVotes)).toEqual({ itemIds: [item.id] })

    expect(await as.ok(endpoints.roadmapUnvote, { params: { id: item.id } })).toEqual({
      itemId: item.id,
      voted: false,
      votes: 1,
    })
    expect(await as.ok(endpoints.roadmapMyVotes)).toEqual({ itemIds: [] })
    expect((await firstPlanned()).votes).toBe(1)
  })

  it('refuses a vote on a shipped item (409) and on an unknown one (404), and votes need a token', async () => {
    const shipped = (await list()).find((item) => item.status === 'shipped')!
    const as = client(t.app, buyer)
    const refused = await as.send(endpoints.roadmapVote, {
      params: { id: shipped.id },
      headers: { 'accept-language': 'es' },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'roadmap_not_planned',
      message: 'Solo se puede votar por las funciones planificadas.',
    })
    expect((await as.send(endpoints.roadmapVote, { params: { id: 'nope' } })).statusCode).toBe(404)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await as.send(endpoints.roadmapUnvote, { params: { id: unknown } })).statusCode).toBe(404)
    expect((await client(t.app).send(endpoints.roadmapVote, { params: { id: shipped.id } })).statusCode).toBe(401)
  })

  it('lets an admin create, edit and delete an item, each audited', async () => {
    const as = client(t.app, admin)
    const created = await as.ok(endpoints.adminCreateRoadmapItem, { body: newItem })
    expect(created).toMatchObject({ ...newItem, votes: 0 })
    const planned = column(await list(), 'planned')
    expect(planned.at(-1)).toBe('Dark mode')
    expect(await lastAudit()).toMatchObject({
      action: 'roadmap.create',
      actorId: admin.id,
      targetId: created.id,
      after: expect.objectContaining({ titleEn: 'Dark mode', status: 'planned' }),
    })

    const edited = await as.ok(endpoints.adminUpdateRoadmapItem, {
      params: { id: created.id },
      body: { ...newItem, titleEn: 'Dark theme' },
    })
    expect(edited.titleEn).toBe('Dark theme')
    expect(await lastAudit()).toMatchObject({
      action: 'roadmap.update',
      before: expect.objectContaining({ titleEn: 'Dark mode' }),
      after: expect.objectContaining({ titleEn: 'Dark theme' }),
    })

    expect(await as.ok(endpoints.adminDeleteRoadmapItem, { params: { id: created.id } })).toEqual({ deleted: true })
    expect((await list()).some((item) => item.id === created.id)).toBe(false)
    expect(await lastAudit()).toMatchObject({
      action: 'roadmap.delete',
      targetId: created.id,
      targetLabel: 'Dark theme',
    })
  })

  it('refuses an item without a title or description in both languages, with field messages', async () => {
    const response = await client(t.app, admin).send(endpoints.adminCreateRoadmapItem, {
      body: { ...newItem, titleEs: '  ', descriptionEn: '' },
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().fields).sort()).toEqual(['descriptionEn', 'titleEs'])
  })

  it('reorders within a column and moves between columns, renumbering both, audited', async () => {
    const as = client(t.app, admin)
    const before = await list()
    const planned = before.filter((item) => item.status === 'planned')
    const [first, second] = planned
    let items = (
      await as.ok(endpoints.adminMoveRoadmapItem, {
        params: { id: second!.id },
        body: { status: 'planned', position: 0 },
      })
    ).items
    expect(column(items, 'planned').slice(0, 2)).toEqual([second!.titleEn, first!.titleEn])
    expect(await lastAudit()).toMatchObject({
      action: 'roadmap.move',
      before: { status: 'planned', position: 1 },
      after: { status: 'planned', position: 0 },
    })

    items = (
      await as.ok(endpoints.adminMoveRoadmapItem, {
        params: { id: first!.id },
        body: { status: 'in_progress', position: 99 },
      })
    ).items
    expect(column(items, 'in_progress').at(-1)).toBe(first!.titleEn)
    expect(column(items, 'planned')).not.toContain(first!.titleEn)
    for (const status of ['planned', 'in_progress'] as const) {
      expect(items.filter((item) => item.status === status).map((item) => item.position)).toEqual(
        items.filter((item) => item.status === status).map((_, index) => index),
      )
    }
  })

  it('refuses every admin write to buyers and sellers (403); owners read the list', async () => {
    const id = (await firstPlanned()).id
    const writes = [
      [endpoints.adminCreateRoadmapItem, { body: newItem }],
      [endpoints.adminUpdateRoadmapItem, { params: { id }, body: newItem }],
      [endpoints.adminMoveRoadmapItem, { params: { id }, body: { status: 'shipped', position: 0 } }],
      [endpoints.adminDeleteRoadmapItem, { params: { id } }],
    ] as const
    for (const who of [buyer, seller]) {
      for (const [endpoint, input] of writes) {
        const response = await client(t.app, who).send(endpoint, input as never)
        expect(response.statusCode, endpoint.path).toBe(403)
      }
    }
    expect((await client(t.app, owner).ok(endpoints.roadmap)).items.length).toBeGreaterThan(0)
    expect((await firstPlanned()).id).toBe(id)
  })
})

describe('the roadmap seed', () => {
  let t: TestApp
  let admin: Caller
  beforeAll(async () => {
    t = await createTestApp()
    admin = await callerWith(t, ['admin'])
  })
  afterAll(() => t.close())

  const rows = () => t.db.select().from(roadmapItems)

  it('is idempotent: a second run adds and changes nothing', async () => {
    expect(await seedRoadmap(t.db)).toBe(ROADMAP_SEED.length)
    const first = await rows()
    expect(await seedRoadmap(t.db)).toBe(0)
    expect(await rows()).toEqual(first)
  })

  it("updates the items no admin touched, keeps an admin's edit, and does not bring back a deleted item", async () => {
    const [edited, removed, untouched] = ['matching', 'owners-club', 'spanish'].map((slug) =>
      ROADMAP_SEED.find((item) => item.slug === slug)!,
    )
    const idOf = async (slug: string) =>
      (await t.db.select().from(roadmapItems).where(eq(roadmapItems.slug, slug)))[0]?.id
    const as = client(t.app, admin)
    await as.ok(endpoints.adminUpdateRoadmapItem, {
      params: { id: (await idOf(edited!.slug))! },
      body: { ...edited!, titleEn: 'Matching, as the admin wrote it' },
    })
    await as.ok(endpoints.adminDeleteRoadmapItem, { params: { id: (await idOf(removed!.slug))! } })

    // A new release rewrites every seeded item's English title.
    const release = ROADMAP_SEED.map((item) => ({ ...item, titleEn: `${item.titleEn} (v2)` }))
    await seedRoadmap(t.db, release)

    const after = await rows()
    const bySlug = (slug: string) => after.find((row) => row.slug === slug)
    expect(bySlug(edited!.slug)?.titleEn).toBe('Matching, as the admin wrote it')
    expect(bySlug(removed!.slug)).toBeUndefined()
    expect(bySlug(untouched!.slug)?.titleEn).toBe(`${untouched!.titleEn} (v2)`)
  })
})
