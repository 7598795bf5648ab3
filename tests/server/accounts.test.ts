import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UserSchema, type Role } from '../../src/contract'
import { satisfiesRoles } from '../../server/modules/users/roles'
import { createTestApp, type TestApp } from './helpers'
import { signedInUser } from './identity-helpers'
import {
  call,
  callerWith,
  setStatus,
  validBuyBox,
  validPreferences,
  validProfile,
  validSellerPreferences,
} from './accounts-helpers'

describe('current user', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const me = async (headers: Record<string, string>) => {
    const res = await call(t.app, 'GET', '/api/auth/me', { headers })
    return { status: res.statusCode, body: res.json() }
  }

  it('asks for authentication without a token or with a bad one', async () => {
    expect(await me({})).toEqual({
      status: 401,
      body: { message: 'Authentication required', code: 'auth_required' },
    })
    expect((await me({ authorization: 'Bearer not.a.token' })).status).toBe(401)
  })

  it('creates a buyer on first sight of a valid token and finds the same user afterwards', async () => {
    const person = await signedInUser(t.app, { email: 'First.Sight@Example.test' })
    const first = await me(person.headers)
    expect(first.status).toBe(200)
    const user = UserSchema.parse(first.body)
    expect(user).toMatchObject({
      email: 'first.sight@example.test',
      role: 'buyer',
      roles: ['buyer'],
      cognitoGroups: ['buyer'],
      languagePreference: 'en',
      profileComplete: false,
      profileCompleted: false,
      status: 'active',
      email_verified: true,
      subscription_status: 'none',
    })
    expect(user.userId).toBe(user.id)
    expect((await me(person.headers)).body.id).toBe(user.id)
  })

  it('starts the row with the names, phone and language the identity provider holds', async () => {
    const person = await signedInUser(t.app, {
      attributes: { given_name: 'Nora', family_name: 'Vance', phone_number: '+16025550100', locale: 'es' },
    })
    expect((await me(person.headers)).body).toMatchObject({
      firstName: 'Nora',
      lastName: 'Vance',
      phoneNumber: '6025550100',
      languagePreference: 'es',
    })
  })

  it('answers the highest role as the primary one', async () => {
    const person = await callerWith(t, ['buyer', 'originator', 'owner'])
    const { body } = await me(person.headers)
    expect(body.role).toBe('owner')
    expect(body.roles).toEqual(['buyer', 'originator', 'owner'])
  })

  it('refuses every private call of a deactivated user with account_deactivated, in their language', async () => {
    const person = await callerWith(t, ['buyer'])
    await setStatus(t, person.id, 'deactivated')
    expect(await me(person.headers)).toEqual({
      status: 403,
      body: { message: 'Account Deactivated: contact support', code: 'account_deactivated' },
    })
    const patch = await call(t.app, 'PATCH', '/api/profile', {
      as: person,
      body: validProfile,
      headers: { 'accept-language': 'es-MX' },
    })
    expect(patch.statusCode).toBe(403)
    expect(patch.json()).toEqual({ message: 'Cuenta desactivada: comunícate con soporte', code: 'account_deactivated' })
    await setStatus(t, person.id, 'active')
    expect((await me(person.headers)).status).toBe(200)
  })

  it('saves the language preference and validates it', async () => {
    const person = await callerWith(t)
    const bad = await call(t.app, 'POST', '/api/auth/update-language', {
      as: person,
      body: { languagePreference: 'fr' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toHaveProperty('languagePreference')

    const saved = await call(t.app, 'POST', '/api/auth/update-language', {
      as: person,
      body: { languagePreference: 'es' },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().languagePreference).toBe('es')
    expect((await me(person.headers)).body.languagePreference).toBe('es')
    expect(
      (await call(t.app, 'POST', '/api/auth/update-language', { body: { languagePreference: 'es' } })).statusCode,
    ).toBe(401)
  })

  describe('profile completeness', () => {
    const complete = async (headers: Record<string, string>) => (await me(headers)).body.profileComplete as boolean
    const put = (person: { headers: Record<string, string> }, url: string, body: Record<string, unknown>) =>
      call(t.app, 'PUT', url, { as: person, body }).then((res) => expect(res.statusCode).toBe(200))

    it('a buyer needs names, phone and buyer preferences', async () => {
      const person = await callerWith(t, ['buyer'])
      await put(person, '/api/profile/preferences', validPreferences)
      expect(await complete(person.headers)).toBe(false)
      expect((await call(t.app, 'PATCH', '/api/profile', { as: person, body: validProfile })).statusCode).toBe(200)
      const user = (await me(person.headers)).body
      expect([user.profileComplete, user.profileCompleted]).toEqual([true, true])
    })

    it('a seller needs seller preferences, not buyer preferences', async () => {
      const person = await callerWith(t, ['originator'])
      await call(t.app, 'PATCH', '/api/profile', { as: person, body: validProfile })
      await put(person, '/api/profile/preferences', validPreferences)
      expect(await complete(person.headers)).toBe(false)
      await put(person, '/api/profile/seller-preferences', validSellerPreferences)
      expect(await complete(person.headers)).toBe(true)
    })

    it('an owner needs a buy box', async () => {
      const person = await callerWith(t, ['owner'])
      await call(t.app, 'PATCH', '/api/profile', { as: person, body: validProfile })
      expect(await complete(person.headers)).toBe(false)
      await put(person, '/api/profile/buybox', validBuyBox)
      expect(await complete(person.headers)).toBe(true)
    })

    it('an admin needs only names and phone', async () => {
      const person = await callerWith(t, ['admin'])
      expect(await complete(person.headers)).toBe(false)
      await call(t.app, 'PATCH', '/api/profile', { as: person, body: validProfile })
      expect(await complete(person.headers)).toBe(true)
    })

    it('a buyer who also sells completes with buyer preferences, where the guard sends them', async () => {
      const person = await callerWith(t, ['buyer', 'originator'])
      await call(t.app, 'PATCH', '/api/profile', { as: person, body: validProfile })
      expect(await complete(person.headers)).toBe(false)
      await put(person, '/api/profile/preferences', validPreferences)
      expect(await complete(person.headers)).toBe(true)
    })
  })
})

describe('role checks', () => {
  const passes = (held: Role[], ...required: Role[]) => satisfiesRoles(held, required)

  it('lets a role through its own checks and admins through all', () => {
    expect(passes(['originator'], 'originator')).toBe(true)
    expect(passes(['buyer'], 'originator')).toBe(false)
    expect(passes(['admin'], 'admin')).toBe(true)
    expect(passes(['admin'], 'buyer')).toBe(true)
  })

  it('gives owners every feature, the admin-only ones included (spec §6)', () => {
    expect(passes(['owner'], 'originator')).toBe(true)
    expect(passes(['owner'], 'buyer')).toBe(true)
    expect(passes(['owner'], 'admin')).toBe(true)
    expect(passes(['owner'], 'owner', 'admin')).toBe(true)
    expect(passes(['originator', 'buyer'], 'admin')).toBe(false)
    expect(passes(['originator'], 'owner')).toBe(false)
  })
})
