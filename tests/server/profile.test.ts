import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UserSchema } from '../../src/contract'
import { createTestApp, type TestApp } from './helpers'
import { signIn } from './identity-helpers'
import {
  call,
  callerWith,
  validBuyBox,
  validPreferences,
  validProfile,
  validSellerPreferences,
} from './accounts-helpers'

describe('profile', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  describe('PATCH /api/profile', () => {
    it('needs a signed-in user', async () => {
      expect((await call(t.app, 'PATCH', '/api/profile', { body: validProfile })).statusCode).toBe(401)
    })

    it('saves names, phone and company details and answers the user', async () => {
      const person = await callerWith(t)
      const res = await call(t.app, 'PATCH', '/api/profile', {
        as: person,
        body: {
          ...validProfile,
          callBookingLink: 'https://cal.example.com/ana',
          companyName: '  Ruiz Homes  ',
          companyPhone: '480-555-0123',
          companyEmail: 'Office@RuizHomes.example',
        },
      })
      expect(res.statusCode).toBe(200)
      expect(UserSchema.parse(res.json())).toMatchObject({
        firstName: 'Ana',
        lastName: 'Ruiz',
        phoneNumber: '6025550199',
        callBookingLink: 'https://cal.example.com/ana',
        companyName: 'Ruiz Homes',
        companyPhone: '4805550123',
        companyEmail: 'office@ruizhomes.example',
      })
    })

    it('leaves fields it was not sent alone and clears the ones sent empty', async () => {
      const person = await callerWith(t)
      await call(t.app, 'PATCH', '/api/profile', { as: person, body: { ...validProfile, companyName: 'Keep Me' } })
      const names = await call(t.app, 'PATCH', '/api/profile', {
        as: person,
        body: { ...validProfile, firstName: 'Ana María' },
      })
      expect(names.json()).toMatchObject({ firstName: 'Ana María', companyName: 'Keep Me' })
      const cleared = await call(t.app, 'PATCH', '/api/profile', {
        as: person,
        body: { ...validProfile, companyName: '' },
      })
      expect(cleared.json().companyName).toBeNull()
    })

    it('answers every invalid field with a message in the caller language', async () => {
      const person = await callerWith(t)
      const res = await call(t.app, 'PATCH', '/api/profile', {
        as: person,
        body: {
          firstName: '',
          lastName: 'Ruiz',
          phoneNumber: '12345',
          callBookingLink: 'ftp://x',
          companyEmail: 'nope',
        },
        headers: { 'accept-language': 'es' },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'invalid_input',
        fields: {
          firstName: 'Este campo es obligatorio.',
          phoneNumber: 'Ingresa un número de teléfono válido de 10 dígitos.',
          callBookingLink: 'Ingresa una URL válida.',
          companyEmail: 'Ingresa un correo electrónico válido.',
        },
      })
    })
  })

  describe('buy box, preferences and seller preferences', () => {
    const documents = [
      ['/api/profile/buybox', validBuyBox],
      ['/api/profile/preferences', validPreferences],
      ['/api/profile/seller-preferences', validSellerPreferences],
    ] as const

    it.each(documents)('%s answers null until saved, then what was saved', async (url, body) => {
      const person = await callerWith(t)
      const before = await call(t.app, 'GET', url, { as: person })
      expect([before.statusCode, before.json()]).toEqual([200, null])
      const saved = await call(t.app, 'PUT', url, { as: person, body })
      expect(saved.statusCode).toBe(200)
      const after = await call(t.app, 'GET', url, { as: person })
      expect(after.json()).toEqual(saved.json())
      expect((await call(t.app, 'GET', url)).statusCode).toBe(401)
    })

    it('keeps each user to their own documents', async () => {
      const one = await callerWith(t)
      const other = await callerWith(t)
      await call(t.app, 'PUT', '/api/profile/preferences', { as: one, body: validPreferences })
      expect((await call(t.app, 'GET', '/api/profile/preferences', { as: other })).json()).toBeNull()
    })

    it('normalises preferences and fills defaults', async () => {
      const person = await callerWith(t)
      const res = await call(t.app, 'PUT', '/api/profile/preferences', {
        as: person,
        body: { ...validPreferences, additionalNotes: '   ', minBedrooms: 3 },
      })
      expect(res.json()).toMatchObject({
        state: 'AZ',
        city: 'Phoenix',
        minBedrooms: 3,
        additionalNotes: null,
        notificationChannels: ['email'],
        searchFrequency: 'daily',
      })
    })

    it('limits a buy box to 50 ZIP codes and needs its type', async () => {
      const person = await callerWith(t)
      const zipCodes = Array.from({ length: 51 }, (_, i) => String(10000 + i))
      const res = await call(t.app, 'PUT', '/api/profile/buybox', { as: person, body: { zipCodes } })
      expect(res.statusCode).toBe(400)
      expect(res.json().fields).toEqual({
        type: 'Choose a buy box type.',
        zipCodes: 'A buy box can hold at most 50 ZIP codes.',
      })
    })

    it('needs state and city in preferences, at most 5 ZIP codes of 5 digits', async () => {
      const person = await callerWith(t)
      const res = await call(t.app, 'PUT', '/api/profile/preferences', {
        as: person,
        body: { zipCodes: ['85001', '85002', '85003', '85004', '85005', '85006'] },
      })
      expect(res.json().fields).toMatchObject({
        state: 'This field is required.',
        city: 'This field is required.',
        zipCodes: 'Add at most 5 ZIP codes.',
      })
      const badZip = await call(t.app, 'PUT', '/api/profile/preferences', {
        as: person,
        body: { ...validPreferences, state: 'ZZ', zipCodes: ['8500'] },
      })
      expect(badZip.json().fields).toEqual({
        state: 'Enter a valid 2-letter US state code.',
        'zipCodes.0': 'ZIP code must be exactly 5 digits.',
      })
      expect((await call(t.app, 'GET', '/api/profile/preferences', { as: person })).json()).toBeNull()
    })
  })

  describe('roles', () => {
    const groupsInToken = async (email: string, password: string) => {
      const { idToken } = await signIn(t.app, email, password)
      const payload = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8'))
      return payload['cognito:groups'] as string[] | undefined
    }

    it('lets a seller add the buyer role and mirrors the roles into the next token', async () => {
      const person = await callerWith(t, ['originator'])
      expect((await call(t.app, 'GET', '/api/profile/roles', { as: person })).json().roles).toEqual(['originator'])
      const res = await call(t.app, 'PUT', '/api/profile/roles', {
        as: person,
        body: { roles: ['originator', 'buyer'] },
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ role: 'originator', roles: ['buyer', 'originator'] })
      expect(await groupsInToken(person.email, person.password)).toEqual(['buyer', 'originator'])
    })

    it.each(['originator', 'owner', 'admin'] as const)(
      'refuses a buyer giving themselves the %s role, saying why in their language',
      async (role) => {
        const buyer = await callerWith(t, ['buyer'])
        const res = await call(t.app, 'PUT', '/api/profile/roles', { as: buyer, body: { roles: ['buyer', role] } })
        expect([res.statusCode, res.json().code]).toEqual([403, 'role_not_self_service'])
        expect(res.json().fields.roles).toBe(
          role === 'originator'
            ? 'Seller access is reviewed: request it under Profile → Roles, and an admin will grant the Seller role.'
            : 'Only an admin can grant this role.',
        )
        const spanish = await call(t.app, 'PUT', '/api/profile/roles', {
          as: buyer,
          body: { roles: [role] },
          headers: { 'accept-language': 'es' },
        })
        expect(spanish.json().message).toMatch(
          role === 'originator' ? /El acceso de vendedor se revisa/ : /Solo un administrador/,
        )
        expect((await call(t.app, 'GET', '/api/profile/roles', { as: buyer })).json().roles).toEqual(['buyer'])
      },
    )

    it('keeps owner and admin, which only an admin grants, and the seller role only by approval', async () => {
      const owner = await callerWith(t, ['owner', 'originator'])
      const kept = await call(t.app, 'PUT', '/api/profile/roles', { as: owner, body: { roles: ['buyer'] } })
      expect(kept.json().roles).toEqual(['buyer', 'owner'])
      const again = await call(t.app, 'PUT', '/api/profile/roles', { as: owner, body: { roles: ['originator'] } })
      expect(again.statusCode).toBe(403)
    })

    it('needs at least one role', async () => {
      const person = await callerWith(t)
      const res = await call(t.app, 'PUT', '/api/profile/roles', { as: person, body: { roles: [] } })
      expect(res.json().fields).toEqual({ roles: 'Choose at least one role.' })
    })
  })
})
