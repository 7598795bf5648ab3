import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { auditLog, invitations, users } from '../../server/db/schema'
import { createTestApp, type TestApp } from './helpers'
import { passwordAuth, signIn, uniqueEmail } from './identity-helpers'
import { call, callerWith, validProfile, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'

describe('admin: users and their audit entries', () => {
  let t: TestApp
  let admin: Caller
  let owner: Caller
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://keyway.example' } })
    admin = await callerWith(t, ['admin'])
    owner = await callerWith(t, ['owner'])
  })
  afterAll(() => t.close())

  const asAdmin = () => client(t.app, admin)
  const auditOf = async (targetId: string) => (await asAdmin().ok(endpoints.adminAudit, { query: { targetId } })).items

  it('filters the users by role and status and sorts them by name either way', async () => {
    const tag = `sortme${Date.now()}`
    const people = await Promise.all(
      ['Carla', 'Abel', 'Bruno'].map(async (firstName) => {
        const person = await callerWith(t, ['originator'], uniqueEmail(tag))
        await call(t.app, 'PATCH', '/api/profile', { as: person, body: { ...validProfile, firstName } })
        return { ...person, firstName }
      }),
    )
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, people[2]!.id))

    const names = async (query: Record<string, string>) =>
      (await asAdmin().ok(endpoints.adminUsers, { query: { q: tag, ...query } })).items.map((u) => u.firstName)
    expect(await names({ sort: 'name', dir: 'asc' })).toEqual(['Abel', 'Bruno', 'Carla'])
    expect(await names({ sort: 'name', dir: 'desc' })).toEqual(['Carla', 'Bruno', 'Abel'])
    expect(await names({ status: 'deactivated' })).toEqual(['Bruno'])
    expect(await names({ status: 'active', sort: 'name', dir: 'asc' })).toEqual(['Abel', 'Carla'])
    expect(await names({ role: 'buyer' })).toEqual([])
    expect(await names({ role: 'originator', sort: 'email', dir: 'asc' })).toHaveLength(3)
    const bad = await call(t.app, 'GET', '/api/admin/users?role=king&sort=age', { as: admin })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().fields).sort()).toEqual(['role', 'sort'])
  })

  it('records when a person signs in and lists them by it', async () => {
    const person = await callerWith(t, ['buyer'])
    const before = await asAdmin().ok(endpoints.adminUser, { params: { id: person.id } })
    expect(before.lastSignInAt).not.toBeNull()
    // A new session (a new sign-in at the identity provider) moves it; its next call records it.
    await t.db
      .update(users)
      .set({ lastSignInAt: sql`now() - interval '1 day'` })
      .where(eq(users.id, person.id))
    const { idToken } = await signIn(t.app, person.email, person.password)
    await call(t.app, 'GET', '/api/auth/me', { headers: { authorization: `Bearer ${idToken}` } })
    const after = await asAdmin().ok(endpoints.adminUser, { params: { id: person.id } })
    expect(Date.now() - Date.parse(after.lastSignInAt!)).toBeLessThan(60_000)
    const recent = await asAdmin().ok(endpoints.adminUsers, { query: { sort: 'lastSignInAt' } })
    // Newest sign-in first; sign-in times are whole seconds, so another account signed in within the same
    // second may share the top place.
    const times = recent.items.map((item) => (item.lastSignInAt ? Date.parse(item.lastSignInAt) : -Infinity))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const newest = recent.items.filter((item) => item.lastSignInAt === recent.items[0]!.lastSignInAt)
    expect(newest.map((item) => item.id)).toContain(person.id)
  })

  it("shows a user's page: the invitation they used, who sent it, and their counts", async () => {
    const person = await callerWith(t, ['originator'])
    await t.db.insert(invitations).values({
      token: `t-${person.id}`,
      role: 'originator',
      createdBy: admin.id,
      expiresAt: sql`now() + interval '1 day'`,
      usedAt: sql`now()`,
      usedBy: person.id,
    })
    await createListing(t, person)
    const page = await client(t.app, owner).ok(endpoints.adminUser, { params: { id: person.id } })
    expect(page).toMatchObject({
      id: person.id,
      roles: ['originator'],
      status: 'active',
      deactivationReason: null,
      invitation: { role: 'originator', sentBy: { id: admin.id, email: admin.email } },
      counts: { listings: 1, offers: 0, interests: 0 },
    })
    const unknown = await client(t.app, admin).send(endpoints.adminUser, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('requires a reason to deactivate, keeps it while deactivated and audits both changes', async () => {
    const person = await callerWith(t, ['buyer'])
    const id = person.id
    const missing = await client(t.app, admin).send(endpoints.adminUpdateUser, {
      params: { id },
      body: { status: 'deactivated', reason: '  ' },
      headers: { 'accept-language': 'es' },
    })
    expect([missing.statusCode, missing.json().fields]).toEqual([400, { reason: 'Este campo es obligatorio.' }])

    await asAdmin().ok(endpoints.adminUpdateUser, { params: { id }, body: { status: 'deactivated', reason: 'Spam' } })
    expect(await asAdmin().ok(endpoints.adminUser, { params: { id } })).toMatchObject({
      status: 'deactivated',
      deactivationReason: 'Spam',
    })
    expect((await passwordAuth(t.app, person.email, person.password)).statusCode).toBe(400)

    await asAdmin().ok(endpoints.adminUpdateUser, { params: { id }, body: { status: 'active' } })
    expect(await asAdmin().ok(endpoints.adminUser, { params: { id } })).toMatchObject({
      status: 'active',
      deactivationReason: null,
    })
    expect((await passwordAuth(t.app, person.email, person.password)).statusCode).toBe(200)

    await asAdmin().ok(endpoints.adminUpdateUser, { params: { id }, body: { roles: ['buyer', 'originator'] } })
    // The same roles again change nothing and record nothing.
    await asAdmin().ok(endpoints.adminUpdateUser, { params: { id }, body: { roles: ['originator', 'buyer'] } })

    const entries = await auditOf(id)
    expect(
      entries.map(({ action, before, after, reason, actorEmail, targetLabel }) => ({
        action,
        before,
        after,
        reason,
        actorEmail,
        targetLabel,
      })),
    ).toEqual([
      {
        action: 'user.roles',
        before: ['buyer'],
        after: ['buyer', 'originator'],
        reason: null,
        actorEmail: admin.email,
        targetLabel: person.email,
      },
      {
        action: 'user.status',
        before: 'deactivated',
        after: 'active',
        reason: null,
        actorEmail: admin.email,
        targetLabel: person.email,
      },
      {
        action: 'user.status',
        before: 'active',
        after: 'deactivated',
        reason: 'Spam',
        actorEmail: admin.email,
        targetLabel: person.email,
      },
    ])
  })

  it('records nothing when the change is refused', async () => {
    const res = await call(t.app, 'PATCH', `/api/admin/users/${admin.id}`, {
      as: admin,
      body: { status: 'deactivated', reason: 'x' },
    })
    expect(res.statusCode).toBe(409)
    expect(await auditOf(admin.id)).toEqual([])
  })

  it('audits a settings change with the values that changed', async () => {
    const current = await asAdmin().ok(endpoints.adminGetSettings)
    await asAdmin().ok(endpoints.adminPutSettings, { body: { ...current, betaCapacity: current.betaCapacity + 7 } })
    const [entry] = (await asAdmin().ok(endpoints.adminAudit, { query: { action: 'settings.update' } })).items
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      targetType: 'settings',
      before: { betaCapacity: current.betaCapacity },
      after: { betaCapacity: current.betaCapacity + 7 },
    })
  })

  it('filters the log by action, target type, actor and dates, newest first, in pages', async () => {
    const person = await callerWith(t, ['buyer'])
    for (const roles of [['originator'], ['buyer'], ['owner']] as const) {
      await client(t.app, owner).ok(endpoints.adminUpdateUser, {
        params: { id: person.id },
        body: { roles: [...roles] },
      })
    }
    const query = { targetId: person.id, actorEmail: owner.email.toUpperCase().slice(0, 12), pageSize: 2 }
    const first = await asAdmin().ok(endpoints.adminAudit, { query })
    expect([first.total, first.items.map((e) => e.after)]).toEqual([3, [['owner'], ['buyer']]])
    const second = await asAdmin().ok(endpoints.adminAudit, { query: { ...query, page: 2 } })
    expect(second.items.map((e) => e.after)).toEqual([['originator']])
    const today = new Date().toISOString().slice(0, 10)
    expect((await asAdmin().ok(endpoints.adminAudit, { query: { ...query, from: today, to: today } })).total).toBe(3)
    expect((await asAdmin().ok(endpoints.adminAudit, { query: { ...query, to: '2020-01-01' } })).total).toBe(0)
    expect((await asAdmin().ok(endpoints.adminAudit, { query: { ...query, targetType: 'settings' } })).total).toBe(0)
    expect((await asAdmin().ok(endpoints.adminAudit, { query: { ...query, action: 'user.status' } })).total).toBe(0)
    const bad = await call(t.app, 'GET', '/api/admin/audit?from=yesterday&targetType=moon', { as: admin })
    expect(Object.keys(bad.json().fields).sort()).toEqual(['from', 'targetType'])
  })

  it('keeps the log append-only: the database refuses to change or remove an entry', async () => {
    const [entry] = await t.db.select().from(auditLog).limit(1)
    expect(entry).toBeDefined()
    await expect(t.db.update(auditLog).set({ reason: 'edited' }).where(eq(auditLog.id, entry!.id))).rejects.toThrow()
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, entry!.id))).rejects.toThrow()
    const [still] = await t.db.select().from(auditLog).where(eq(auditLog.id, entry!.id))
    expect(still).toEqual(entry)
  })
})
