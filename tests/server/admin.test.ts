import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminSettingsSchema, AdminUserPageSchema, WaitlistPageSchema } from '../../src/contract'
import { waitlist } from '../../server/db/schema'
import { createTestApp, type TestApp } from './helpers'
import { latestMail, signIn, uniqueEmail } from './identity-helpers'
import { call, callerWith, validProfile, type Caller } from './accounts-helpers'

describe('admin', () => {
  let t: TestApp
  let admin: Caller
  let owner: Caller
  let seller: Caller
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://keyway.example' } })
    admin = await callerWith(t, ['admin'])
    owner = await callerWith(t, ['owner'])
    seller = await callerWith(t, ['originator'])
  })
  afterAll(() => t.close())

  describe('users', () => {
    it('lists users for admins and owners only', async () => {
      expect((await call(t.app, 'GET', '/api/admin/users')).statusCode).toBe(401)
      const refused = await call(t.app, 'GET', '/api/admin/users', { as: seller })
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'forbidden'])
      expect((await call(t.app, 'GET', '/api/admin/users', { as: owner })).statusCode).toBe(200)
      const page = AdminUserPageSchema.parse((await call(t.app, 'GET', '/api/admin/users', { as: admin })).json())
      expect(page.total).toBeGreaterThanOrEqual(3)
      expect(page.items.map((user) => user.id)).toContain(seller.id)
    })

    it('searches e-mail and names and pages the results', async () => {
      const named = await callerWith(t, ['buyer'], uniqueEmail('zebulon'))
      await call(t.app, 'PATCH', '/api/profile', {
        as: named,
        body: { ...validProfile, firstName: 'Zeb', lastName: 'Quixotic' },
      })
      const byName = await call(t.app, 'GET', '/api/admin/users?q=quixo', { as: admin })
      expect(byName.json().items.map((user: { id: string }) => user.id)).toEqual([named.id])
      const byFullName = await call(t.app, 'GET', '/api/admin/users?q=zeb%20quix', { as: admin })
      expect(byFullName.json().total).toBe(1)
      const byEmail = await call(t.app, 'GET', '/api/admin/users?q=ZEBULON', { as: admin })
      expect(byEmail.json().total).toBe(1)
      expect((await call(t.app, 'GET', '/api/admin/users?q=100%25', { as: admin })).json().total).toBe(0)

      const first = AdminUserPageSchema.parse(
        (await call(t.app, 'GET', '/api/admin/users?pageSize=2', { as: admin })).json(),
      )
      const second = AdminUserPageSchema.parse(
        (await call(t.app, 'GET', '/api/admin/users?pageSize=2&page=2', { as: admin })).json(),
      )
      expect(first.items).toHaveLength(2)
      expect(second.items[0]!.id).not.toBe(first.items[0]!.id)
      expect((await call(t.app, 'GET', '/api/admin/users?pageSize=101', { as: admin })).statusCode).toBe(400)
    })

    it('lets admins and owners change roles, and mirrors them into the next token', async () => {
      const target = await callerWith(t, ['buyer'])
      const url = `/api/admin/users/${target.id}`
      expect((await call(t.app, 'PATCH', url, { as: seller, body: { roles: ['owner'] } })).statusCode).toBe(403)
      const byOwner = await call(t.app, 'PATCH', url, { as: owner, body: { roles: ['originator', 'buyer'] } })
      expect([byOwner.statusCode, byOwner.json().roles]).toEqual([200, ['buyer', 'originator']])
      const res = await call(t.app, 'PATCH', url, { as: admin, body: { roles: ['owner', 'buyer', 'owner'] } })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ id: target.id, roles: ['buyer', 'owner'], status: 'active' })
      const { idToken } = await signIn(t.app, target.email, target.password)
      const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8'))
      expect(claims['cognito:groups']).toEqual(['buyer', 'owner'])
    })

    it('deactivates a user, whose next call is refused, and reactivates them', async () => {
      const target = await callerWith(t, ['buyer'])
      const url = `/api/admin/users/${target.id}`
      const res = await call(t.app, 'PATCH', url, { as: admin, body: { status: 'deactivated', reason: 'Test' } })
      expect(res.json().status).toBe('deactivated')
      const refused = await call(t.app, 'GET', '/api/auth/me', { as: target })
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'account_deactivated'])
      await call(t.app, 'PATCH', url, { as: admin, body: { status: 'active' } })
      expect((await call(t.app, 'GET', '/api/auth/me', { as: target })).statusCode).toBe(200)
    })

    it('does not let an admin deactivate or demote themself', async () => {
      const url = `/api/admin/users/${admin.id}`
      for (const body of [{ status: 'deactivated', reason: 'Test' }, { roles: ['originator'] }]) {
        const res = await call(t.app, 'PATCH', url, { as: admin, body })
        expect(res.statusCode).toBe(409)
        expect(res.json()).toMatchObject({
          code: 'cannot_change_self',
          message: 'You cannot deactivate your own account or give up your own owner or admin role.',
        })
      }
      expect((await call(t.app, 'PATCH', url, { as: admin, body: { roles: ['admin', 'buyer'] } })).statusCode).toBe(200)
    })

    it('lets an owner change their own roles, but not drop the ones that reach this panel', async () => {
      const self = await callerWith(t, ['owner'])
      const url = `/api/admin/users/${self.id}`
      for (const body of [{ status: 'deactivated', reason: 'Test' }, { roles: ['originator'] }]) {
        const res = await call(t.app, 'PATCH', url, { as: self, body, headers: { 'accept-language': 'es' } })
        expect(res.statusCode).toBe(409)
        expect(res.json()).toMatchObject({
          code: 'cannot_change_self',
          message: 'No puedes desactivar tu propia cuenta ni quitarte el rol de propietario o administrador.',
        })
      }
      const added = await call(t.app, 'PATCH', url, { as: self, body: { roles: ['owner', 'buyer'] } })
      expect([added.statusCode, added.json().roles]).toEqual([200, ['buyer', 'owner']])
    })

    it('answers 404 for an unknown user and 400 for an empty change', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000'
      expect(
        (await call(t.app, 'PATCH', `/api/admin/users/${unknown}`, { as: admin, body: { status: 'active' } }))
          .statusCode,
      ).toBe(404)
      expect(
        (await call(t.app, 'PATCH', '/api/admin/users/not-an-id', { as: admin, body: { status: 'active' } }))
          .statusCode,
      ).toBe(404)
      const empty = await call(t.app, 'PATCH', `/api/admin/users/${seller.id}`, { as: admin, body: {} })
      expect(empty.statusCode).toBe(400)
      const badRole = await call(t.app, 'PATCH', `/api/admin/users/${seller.id}`, {
        as: admin,
        body: { roles: ['king'] },
      })
      expect(badRole.json().fields).toHaveProperty('roles.0')
    })
  })

  describe('settings', () => {
    it('are for admins and owners', async () => {
      const read = await call(t.app, 'GET', '/api/admin/settings', { as: owner })
      expect(read.statusCode).toBe(200)
      const saved = await call(t.app, 'PUT', '/api/admin/settings', { as: owner, body: read.json() })
      expect([saved.statusCode, saved.json()]).toEqual([200, read.json()])
      // Who asks is settled before the body is read: no validation details for strangers.
      expect((await call(t.app, 'PUT', '/api/admin/settings', { as: seller, body: {} })).statusCode).toBe(403)
      expect((await call(t.app, 'PUT', '/api/admin/settings', { body: {} })).statusCode).toBe(401)
    })

    it('start from the defaults and save capacity, batch limit and flags together', async () => {
      const initial = AdminSettingsSchema.parse((await call(t.app, 'GET', '/api/admin/settings', { as: admin })).json())
      expect(initial).toEqual({
        betaCapacity: 500,
        invitationBatchLimit: 10,
        enableWebinarBanner: false,
        webinarRegistrationUrl: null,
      })
      const next = {
        betaCapacity: 50,
        invitationBatchLimit: 5,
        enableWebinarBanner: true,
        webinarRegistrationUrl: 'https://events.example.com/webinar',
      }
      expect((await call(t.app, 'PUT', '/api/admin/settings', { as: admin, body: next })).json()).toEqual(next)
      expect((await call(t.app, 'GET', '/api/admin/settings', { as: admin })).json()).toEqual(next)
      expect((await call(t.app, 'GET', '/api/config/feature-flags')).json()).toEqual({
        enableWebinarBanner: true,
        webinarRegistrationUrl: 'https://events.example.com/webinar',
      })
    })

    it('refuses invalid values field by field and keeps the saved ones', async () => {
      const before = (await call(t.app, 'GET', '/api/admin/settings', { as: admin })).json()
      const res = await call(t.app, 'PUT', '/api/admin/settings', {
        as: admin,
        body: { betaCapacity: -1, invitationBatchLimit: 0, enableWebinarBanner: true, webinarRegistrationUrl: 'nope' },
      })
      expect(res.statusCode).toBe(400)
      expect(Object.keys(res.json().fields).sort()).toEqual([
        'betaCapacity',
        'invitationBatchLimit',
        'webinarRegistrationUrl',
      ])
      expect((await call(t.app, 'GET', '/api/admin/settings', { as: admin })).json()).toEqual(before)
    })
  })

  describe('waitlist', () => {
    it('lists entries oldest first and lets an admin invite one by e-mail', async () => {
      const email = uniqueEmail('waiting')
      const [entry] = await t.db
        .insert(waitlist)
        .values([
          { email, firstName: 'Iris', lastName: 'Lee', phone: '6025550111', role: 'originator', language: 'es' },
          {
            email: uniqueEmail('later'),
            firstName: 'Max',
            lastName: 'Day',
            phone: '6025550112',
            role: 'buyer',
            createdAt: new Date(Date.now() + 60_000),
          },
        ])
        .returning()

      expect((await call(t.app, 'GET', '/api/admin/waitlist', { as: seller })).statusCode).toBe(403)
      expect((await call(t.app, 'GET', '/api/admin/waitlist', { as: owner })).statusCode).toBe(200)
      const page = WaitlistPageSchema.parse((await call(t.app, 'GET', '/api/admin/waitlist', { as: admin })).json())
      expect(page.items[0]).toMatchObject({ id: entry!.id, email, role: 'originator', invitedAt: null })

      const url = `/api/admin/waitlist/${entry!.id}/invite`
      expect((await call(t.app, 'POST', url, { as: seller })).statusCode).toBe(403)
      const invited = await call(t.app, 'POST', url, { as: admin })
      expect(invited.statusCode).toBe(200)
      expect(invited.json().invitedAt).toEqual(expect.any(String))
      const mail = await latestMail(t.app, email)
      expect(mail!.template).toBe('invitation')
      const token = new URL(mail!.data.link!).searchParams.get('invitation')!
      const validation = await call(t.app, 'GET', `/api/auth/validate-invitation/${token}`)
      expect(validation.json()).toMatchObject({ valid: true, role: 'originator', email })

      // Inviting again re-sends the open invitation instead of making another.
      await call(t.app, 'POST', url, { as: admin })
      expect((await latestMail(t.app, email))!.data.link).toBe(mail!.data.link)
      expect((await call(t.app, 'POST', '/api/admin/waitlist/nope/invite', { as: admin })).statusCode).toBe(404)
    })
  })
})
