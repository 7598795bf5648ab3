import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, pathFor, paramNames, satisfiesRoles, type EndpointSpec } from '../../src/contract'
import { createTestApp, type TestApp } from './helpers'
import { call, callerWith, type Caller } from './accounts-helpers'

/**
 * Generated from the contract: every admin endpoint (under /api/admin, or whose roles only admins and owners
 * pass) refuses buyers and sellers with 403. Endpoints added to the table later are covered without edits.
 */
const isAdminOnly = (spec: EndpointSpec) =>
  spec.path.startsWith('/api/admin') ||
  (spec.roles !== undefined && !satisfiesRoles(['buyer'], spec.roles) && !satisfiesRoles(['originator'], spec.roles))

const adminEndpoints = Object.entries(endpoints as Record<string, EndpointSpec>).filter(([, spec]) => isAdminOnly(spec))

const SOME_ID = '00000000-0000-4000-8000-000000000000'
const urlOf = (spec: EndpointSpec) =>
  pathFor(spec.path, Object.fromEntries(paramNames(spec.path).map((name) => [name, SOME_ID])))

describe('admin endpoints, from the contract', () => {
  let t: TestApp
  let buyer: Caller
  let seller: Caller
  let admin: Caller
  beforeAll(async () => {
    t = await createTestApp()
    ;[buyer, seller, admin] = await Promise.all([
      callerWith(t, ['buyer']),
      callerWith(t, ['originator']),
      callerWith(t, ['admin']),
    ])
  })
  afterAll(() => t.close())

  it('finds the admin endpoints in the table', () => {
    const names = adminEndpoints.map(([name]) => name)
    expect(names).toEqual(expect.arrayContaining(['adminUsers', 'adminUpdateUser', 'adminPutSettings', 'adminAudit']))
  })

  it.each(adminEndpoints)('%s refuses a buyer and a seller with 403', async (_name, spec) => {
    const body = spec.body && !spec.multipart ? {} : undefined
    for (const [who, as] of [
      ['buyer', buyer],
      ['seller', seller],
    ] as const) {
      const res = await call(t.app, spec.method, urlOf(spec), { as, ...(body && { body }) })
      expect(res.statusCode, `as a ${who}`).toBe(403)
    }
    // The same call as an admin is not refused for who they are: the route exists and the check is the role.
    const res = await call(t.app, spec.method, urlOf(spec), { as: admin, ...(body && { body }) })
    expect(res.statusCode).not.toBe(403)
  })
})
