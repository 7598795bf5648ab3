import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvitationListSchema, InvitationValidationSchema, type Role } from '../../src/contract'
import { invitations, users } from '../../server/db/schema'
import { putSetting } from '../../server/modules/settings/service'
import { createTestApp, type TestApp } from './helpers'
import { CLIENT_ID, cognito, createConfirmedUser, latestMail, signIn, uniqueEmail } from './identity-helpers'
import { call, callerWith, type Caller } from './accounts-helpers'

const PASSWORD = 'Welcome-Home1'
const DAY = 24 * 60 * 60 * 1000

describe('invitations', () => {
  let t: TestApp
  let seller: Caller
  let admin: Caller
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://keyway.example' } })
    seller = await callerWith(t, ['originator'])
    admin = await callerWith(t, ['admin'])
  })
  afterAll(() => t.close())

  const create = async (as: Caller, body: Record<string, unknown>) => {
    const res = await call(t.app, 'POST', '/api/invitations', { as, body })
    return { status: res.statusCode, body: res.json() }
  }
  const invite = async (role: Role = 'buyer', email?: string) => {
    const { body } = await create(admin, { role, ...(email && { email }) })
    return InvitationListSchema.parse(body)[0]!
  }
  const validate = (token: string) => call(t.app, 'GET', `/api/auth/validate-invitation/${encodeURIComponent(token)}`)
  const signup = (body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/aws-auth/signup-with-invitation', { body })

  describe('creating and listing', () => {
    it('gives a seller a batch of pending links valid for 90 days', async () => {
      const { status, body } = await create(seller, { role: 'buyer', count: 3 })
      expect(status).toBe(200)
      const list = InvitationListSchema.parse(body)
      expect(list).toHaveLength(3)
      expect(new Set(list.map((i) => i.token)).size).toBe(3)
      for (const invitation of list) {
        expect(invitation).toMatchObject({ role: 'buyer', status: 'pending', email: null })
        expect(invitation.token).toMatch(/^[\w-]{43}$/)
        expect(invitation.link).toBe(`https://keyway.example/signup?invitation=${invitation.token}`)
        const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / DAY
        expect(days).toBeCloseTo(90, 3)
      }
    })

    it('lists only the caller’s own invitations, newest first', async () => {
      const other = await callerWith(t, ['originator'])
      await create(other, { role: 'originator' })
      const mine = InvitationListSchema.parse((await call(t.app, 'GET', '/api/invitations', { as: other })).json())
      expect(mine).toHaveLength(1)
      expect(mine[0]!.role).toBe('originator')
      expect((await call(t.app, 'GET', '/api/invitations')).statusCode).toBe(401)
    })

    it.each([
      [['buyer'], 'buyer', 403],
      [['originator'], 'originator', 200],
      [['originator'], 'owner', 403],
      [['owner'], 'owner', 200],
      [['owner'], 'admin', 200],
      [['admin'], 'admin', 200],
    ] as [Role[], Role, number][])('%j inviting %s answers %i', async (roles, role, status) => {
      const inviter = await callerWith(t, roles)
      const res = await create(inviter, { role })
      expect(res.status).toBe(status)
      if (status === 403) expect(res.body.code).toBe('forbidden')
    })

    it('caps a batch at the configured limit, with the message on the count field', async () => {
      const tooMany = await create(seller, { role: 'buyer', count: 11 })
      expect(tooMany.status).toBe(400)
      expect(tooMany.body.fields).toEqual({ count: 'You can create at most 10 invitations at a time.' })
      await putSetting(t.db, 'access', { betaCapacity: 500, invitationBatchLimit: 2 })
      expect((await create(seller, { role: 'buyer', count: 3 })).status).toBe(400)
      expect((await create(seller, { role: 'buyer', count: 2 })).status).toBe(200)
      await putSetting(t.db, 'access', { betaCapacity: 500, invitationBatchLimit: 10 })
    })

    it('takes the count as a JSON number only: text, hex and booleans are refused on the count field', async () => {
      for (const count of ['0x10', '1e1', '5', true]) {
        const res = await create(seller, { role: 'buyer', count })
        expect(res.status, JSON.stringify(count)).toBe(400)
        expect(res.body.fields).toEqual({ count: 'Expected a valid number' })
      }
    })

    it('mails the link when the invitation names an address, one link only', async () => {
      const email = uniqueEmail('invitee')
      const { body } = await create(seller, { role: 'buyer', email })
      const [invitation] = InvitationListSchema.parse(body)
      expect(invitation!.email).toBe(email)
      const mail = await latestMail(t.app, email)
      expect(mail).toMatchObject({ template: 'invitation', data: { link: invitation!.link } })
      expect(mail!.text).toContain(invitation!.link)
      expect((await create(seller, { role: 'buyer', email, count: 2 })).status).toBe(400)
    })
  })

  describe('validating a link', () => {
    it('answers 404 with the spec’s message for an unknown token', async () => {
      const res = await validate('no-such-token')
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ message: 'Failed to validate invitation token', code: 'invitation_invalid' })
    })

    it('tells pending from expired, without a token', async () => {
      const invitation = await invite('originator')
      const pending = InvitationValidationSchema.parse((await validate(invitation.token)).json())
      expect(pending).toMatchObject({ valid: true, role: 'originator', status: 'pending', email: null })
      await t.db
        .update(invitations)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(invitations.token, invitation.token))
      expect((await validate(invitation.token)).json()).toMatchObject({ valid: false, status: 'expired' })
    })
  })

  describe('signing up with an invitation', () => {
    const form = (token: string, email = uniqueEmail('new')) => ({
      email,
      password: PASSWORD,
      firstName: 'Lena',
      lastName: 'Ortiz',
      phoneNumber: '602-555-0177',
      invitationToken: token,
      languagePreference: 'es',
    })

    it('creates the identity and the user with the invitation’s role, and uses the invitation', async () => {
      const invitation = await invite('owner')
      const body = form(invitation.token)
      const res = await signup(body)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ role: 'owner', userConfirmed: false })
      expect(res.json().codeDestination).toEqual(expect.any(String))
      expect((await validate(invitation.token)).json()).toMatchObject({ valid: false, status: 'used' })

      const mail = await latestMail(t.app, body.email)
      expect(mail!.template).toBe('signupCode')
      const confirmed = await cognito(t.app, 'ConfirmSignUp', {
        ClientId: CLIENT_ID,
        Username: body.email,
        ConfirmationCode: mail!.data.code,
      })
      expect(confirmed.statusCode).toBe(200)
      const tokens = await signIn(t.app, body.email, PASSWORD)
      const claims = JSON.parse(Buffer.from(tokens.idToken.split('.')[1]!, 'base64url').toString('utf8'))
      expect(claims['cognito:groups']).toEqual(['owner'])
      const me = await call(t.app, 'GET', '/api/auth/me', { headers: { authorization: `Bearer ${tokens.idToken}` } })
      expect(me.json()).toMatchObject({
        id: res.json().userId,
        role: 'owner',
        roles: ['owner'],
        firstName: 'Lena',
        lastName: 'Ortiz',
        phoneNumber: '6025550177',
        languagePreference: 'es',
      })
    })

    it('refuses a used invitation and an expired one', async () => {
      const invitation = await invite()
      expect((await signup(form(invitation.token))).statusCode).toBe(200)
      const again = await signup(form(invitation.token))
      expect(again.statusCode).toBe(409)
      expect(again.json()).toMatchObject({
        code: 'invitation_used',
        fields: { invitationToken: 'This invitation has already been used.' },
      })

      const old = await invite()
      await t.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.token, old.token))
      const expired = await signup(form(old.token))
      expect(expired.statusCode).toBe(409)
      expect(expired.json().code).toBe('invitation_expired')
      expect((await signup(form('unknown-token'))).statusCode).toBe(404)
    })

    it('lets only one of two simultaneous sign-ups use a link', async () => {
      const invitation = await invite()
      const answers = await Promise.all([signup(form(invitation.token)), signup(form(invitation.token))])
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409])
    })

    it('holds an invitation made for one address to that address', async () => {
      const email = uniqueEmail('fixed')
      const invitation = await invite('buyer', email)
      const wrong = await signup(form(invitation.token, uniqueEmail('other')))
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json().fields).toEqual({ email: 'Use the email address this invitation was sent to.' })
      expect((await signup(form(invitation.token, email.toUpperCase()))).statusCode).toBe(200)
    })

    it('writes nothing when the identity provider refuses: the invitation stays pending', async () => {
      const existing = await createConfirmedUser(t.app)
      const invitation = await invite()
      const res = await signup(form(invitation.token, existing.email))
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ code: 'username_exists' })
      expect(res.json().fields).toHaveProperty('email')
      expect((await validate(invitation.token)).json().status).toBe('pending')
      expect(await t.db.select().from(users).where(eq(users.email, existing.email))).toEqual([])
    })

    it('checks the form before anything else', async () => {
      const invitation = await invite()
      const res = await signup({ email: 'nope', password: 'short', firstName: 'L', lastName: '', invitationToken: '' })
      expect(res.statusCode).toBe(400)
      expect(res.json().fields).toEqual({
        email: 'Enter a valid email address.',
        password: 'Password must be at least 8 characters.',
        firstName: 'Must be at least 2 characters.',
        lastName: 'This field is required.',
        invitationToken: 'An invitation is required to sign up.',
      })
      expect((await validate(invitation.token)).json().status).toBe('pending')
    })
  })
})
