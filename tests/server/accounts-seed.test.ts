import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UserSchema } from '../../src/contract'
import { users } from '../../server/db/schema'
import { formatDemoTable, seedDemo } from '../../server/modules/seed/service'
import { createTestApp, type TestApp } from './helpers'
import { createConfirmedUser, signIn } from './identity-helpers'
import { call } from './accounts-helpers'

const DEMO = [
  ['admin@demo.test', ['admin']],
  ['owner@demo.test', ['owner']],
  ['seller@demo.test', ['originator']],
  ['buyer@demo.test', ['buyer']],
  ['hybrid@demo.test', ['buyer', 'originator']],
] as const

describe('demo accounts', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('creates one complete account per role that signs in with the demo password', async () => {
    const result = await seedDemo(t.app)
    expect(result.isSeeded).toBe(true)
    expect(result.accounts.map((account) => account.email)).toEqual(DEMO.map(([email]) => email))

    for (const [email, roles] of DEMO) {
      const { idToken } = await signIn(t.app, email, 'DemoPass1!')
      const me = UserSchema.parse(
        (await call(t.app, 'GET', '/api/auth/me', { headers: { authorization: `Bearer ${idToken}` } })).json(),
      )
      expect(me).toMatchObject({ email, roles, profileComplete: true, status: 'active', email_verified: true })
      expect(me.firstName && me.lastName && me.phoneNumber).toBeTruthy()
    }
  })

  it('is safe to run again: nothing duplicated, nothing a demo user changed is overwritten', async () => {
    const { idToken } = await signIn(t.app, 'buyer@demo.test', 'DemoPass1!')
    const headers = { authorization: `Bearer ${idToken}` }
    await call(t.app, 'PUT', '/api/profile/preferences', { headers, body: { state: 'NV', city: 'Reno' } })

    const again = await seedDemo(t.app)
    expect(again.accounts).toHaveLength(5)
    // The five accounts and the demo's generated buyer market (seed/market.ts), each once.
    const people = await t.db.select({ email: users.email }).from(users)
    expect(people.filter((person) => !person.email.endsWith('@market.demo.test'))).toHaveLength(5)
    expect(new Set(people.map((person) => person.email)).size).toBe(people.length)
    expect((await call(t.app, 'GET', '/api/profile/preferences', { headers })).json()).toMatchObject({ city: 'Reno' })
  })

  it('leaves a database with real users alone', async () => {
    const real = await createConfirmedUser(t.app)
    const { idToken } = await signIn(t.app, real.email, real.password)
    await call(t.app, 'GET', '/api/auth/me', { headers: { authorization: `Bearer ${idToken}` } })
    expect((await seedDemo(t.app)).isSeeded).toBe(false)
  })

  it('prints a table of the accounts with their password', () => {
    const table = formatDemoTable([
      { email: 'admin@demo.test', roles: 'admin', password: 'DemoPass1!' },
      { email: 'hybrid@demo.test', roles: 'buyer + originator', password: 'DemoPass1!' },
    ])
    expect(table.split('\n')).toEqual([
      'Demo accounts:',
      '  Email              Roles                Password',
      '  ----------------   ------------------   ----------',
      '  admin@demo.test    admin                DemoPass1!',
      '  hybrid@demo.test   buyer + originator   DemoPass1!',
      '',
    ])
  })
})
