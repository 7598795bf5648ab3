import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'

/** Requests the hostile-input bench once answered with a 5xx, kept as they were found. */
describe('hostile-input findings', () => {
  let t: TestApp
  let admin: Caller
  let member: Caller
  beforeAll(async () => {
    t = await createTestApp()
    admin = await callerWith(t, ['admin'])
    member = await callerWith(t, ['buyer'])
  }, 60_000)
  afterAll(() => t.close())

  // Found as `PATCH /api/admin/users/:id {"status":"deactivated","reason":"5t'roL!%"}` on a member of the demo
  // marketplace: those accounts have no identity (they never sign in), and mirroring the status there threw.
  it('an admin deactivates, reactivates and changes the roles of a member who has no identity', async () => {
    await t.db.execute(sql`update users set cognito_sub = 'demo-market-1' where id = ${member.id}`)
    const admin_ = client(t.app, admin)
    const params = { id: member.id }
    const deactivated = await admin_.send(endpoints.adminUpdateUser, {
      params,
      body: { status: 'deactivated', reason: "5t'roL!%" },
    })
    expect(deactivated.statusCode, deactivated.body).toBe(200)
    expect(deactivated.json()).toMatchObject({ status: 'deactivated' })
    const reactivated = await admin_.send(endpoints.adminUpdateUser, { params, body: { status: 'active' } })
    expect(reactivated.statusCode, reactivated.body).toBe(200)
    const roles = await admin_.send(endpoints.adminUpdateUser, { params, body: { roles: ['buyer', 'originator'] } })
    expect(roles.statusCode, roles.body).toBe(200)
  }, 60_000)
})
