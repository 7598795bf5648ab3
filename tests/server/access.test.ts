import { randomInt } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HumanCheckChallengeSchema, type HumanCheckChallenge } from '../../src/contract'
import { invitations, mailOutbox, waitlist } from '../../server/db/schema'
import { createHumanCheck } from '../../server/modules/access/human-check'
import { putSetting } from '../../server/modules/settings/service'
import { createTestApp, type TestApp } from './helpers'
import { createConfirmedUser, latestMail, uniqueEmail } from './identity-helpers'
import { call, callerWith, setStatus } from './accounts-helpers'

/** A fresh address per test, so the per-address rate limit of one test never touches another. */
const newIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
const spanishMail = JSON.parse(readFileSync(new URL('../../locales/es/mail.json', import.meta.url), 'utf8')) as {
  invitation: { subject: string }
}
const solve = (c: HumanCheckChallenge) => (c.operator === '+' ? c.a + c.b : c.a - c.b)

describe('request access', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://keyway.example' } })
  })
  afterAll(() => t.close())

  const challenge = async () =>
    HumanCheckChallengeSchema.parse((await call(t.app, 'GET', '/api/auth/public-human-check')).json())

  const person = (email = uniqueEmail('asker')) => ({
    firstName: 'Rosa',
    lastName: 'Méndez',
    email,
    phone: '(520) 555-0142',
  })

  const ask = async (body: Record<string, unknown>, ip = newIp()) => {
    const res = await call(t.app, 'POST', '/api/auth/public-request-access', { body, ip })
    return { status: res.statusCode, body: res.json() }
  }
  const askAnswered = async (extra: Record<string, unknown> = {}, ip?: string) => {
    const check = await challenge()
    return ask({ ...person(), ...extra, humanCheck: { token: check.token, answer: solve(check) } }, ip)
  }

  it('asks a small arithmetic question that expires in 10 minutes', async () => {
    const check = await challenge()
    expect(check.a).toBeGreaterThan(0)
    expect(solve(check)).toBeGreaterThanOrEqual(0)
    expect(Date.parse(check.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000)
  })

  it('refuses a wrong answer, a reused question and a forged token on the humanCheck field', async () => {
    const check = await challenge()
    const wrong = await ask({ ...person(), humanCheck: { token: check.token, answer: solve(check) + 1 } })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({
      code: 'human_check_failed',
      fields: { humanCheck: 'That answer is not right. Try the new question.' },
    })

    const used = await challenge()
    const answer = { token: used.token, answer: solve(used) }
    expect((await ask({ ...person(), humanCheck: answer })).status).toBe(200)
    expect((await ask({ ...person(), humanCheck: answer })).status).toBe(400)

    const [body, signature] = (await challenge()).token.split('.')
    const forged = `${body}.${signature!.slice(0, -2)}AA`
    expect((await ask({ ...person(), humanCheck: { token: forged, answer: 0 } })).status).toBe(400)
  })

  it('lets a question expire after 10 minutes', async () => {
    const check = createHumanCheck(Buffer.alloc(32, 7))
    const issuedAt = new Date('2026-11-21T12:00:00Z')
    const question = check.issue(issuedAt)
    const late = new Date(issuedAt.getTime() + 10 * 60_000 + 1)
    expect(await check.verify(t.db, question.token, solve(question), late)).toBe(false)
    expect(await check.verify(t.db, question.token, solve(question), issuedAt)).toBe(true)
  })

  it('checks the form fields and says which are wrong', async () => {
    const res = await ask({ firstName: 'R', email: 'x', phone: '123', humanCheck: { token: '', answer: 'abc' } })
    expect(res.status).toBe(400)
    expect(res.body.fields).toMatchObject({
      firstName: 'Must be at least 2 characters.',
      lastName: 'This field is required.',
      email: 'Enter a valid email address.',
      phone: 'Enter a valid 10-digit phone number.',
      'humanCheck.token': 'Answer the question to show you are not a robot.',
    })
  })

  it('invites while the beta has room: an invitation for that address and role, by e-mail', async () => {
    const email = uniqueEmail('room')
    const res = await askAnswered({ email, role: 'originator', languagePreference: 'es' })
    expect(res).toEqual({ status: 200, body: { status: 'invited' } })
    const mail = await latestMail(t.app, email)
    expect(mail!.template).toBe('invitation')
    expect(mail!.subject).toBe(spanishMail.invitation.subject)
    const token = new URL(mail!.data.link!).searchParams.get('invitation')!
    const validation = await call(t.app, 'GET', `/api/auth/validate-invitation/${token}`)
    expect(validation.json()).toMatchObject({ valid: true, role: 'originator', email })

    // Asking again sends the same link rather than taking another seat.
    await askAnswered({ email })
    expect((await latestMail(t.app, email))!.data.link).toBe(mail!.data.link)
    expect(await t.db.select().from(invitations).where(eq(invitations.email, email))).toHaveLength(1)
  })

  it('waitlists when capacity is full, once per address, and invites them when there is room again', async () => {
    await putSetting(t.db, 'access', { betaCapacity: 0, invitationBatchLimit: 10 })
    const email = uniqueEmail('late')
    expect(await askAnswered({ email })).toEqual({ status: 200, body: { status: 'waitlisted' } })
    expect((await latestMail(t.app, email))!.template).toBe('waitlisted')
    expect(await askAnswered({ email })).toEqual({ status: 200, body: { status: 'waitlisted' } })
    const rows = await t.db.select().from(waitlist).where(eq(waitlist.email, email))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ firstName: 'Rosa', phone: '5205550142', role: 'buyer', invitedAt: null })

    await putSetting(t.db, 'access', { betaCapacity: 100_000, invitationBatchLimit: 10 })
    expect(await askAnswered({ email })).toEqual({ status: 200, body: { status: 'invited' } })
    const [entry] = await t.db.select().from(waitlist).where(eq(waitlist.email, email))
    expect(entry!.invitedAt).toBeInstanceOf(Date)
  })

  it('answers invited to someone who already has an account, and tells only them by e-mail', async () => {
    const existing = await createConfirmedUser(t.app)
    expect(await askAnswered({ email: existing.email })).toEqual({ status: 200, body: { status: 'invited' } })
    const mail = await latestMail(t.app, existing.email)
    expect(mail).toMatchObject({ template: 'alreadyRegistered', data: { link: 'https://keyway.example/auth' } })
    expect(await t.db.select().from(invitations).where(eq(invitations.email, existing.email))).toEqual([])
  })

  it('limits requests per address with 429 rate_limited', async () => {
    const ip = newIp()
    for (let i = 0; i < 5; i += 1) expect((await ask({}, ip)).status).toBe(400)
    const limited = await call(t.app, 'POST', '/api/auth/public-request-access', {
      body: {},
      ip,
      headers: { 'accept-language': 'es' },
    })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({
      message: 'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.',
      code: 'rate_limited',
    })
    expect(limited.headers['retry-after']).toBeDefined()
    expect((await ask({}, newIp())).status).toBe(400)
  })
})

describe('e-mailed sign-in link', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://keyway.example' } })
  })
  afterAll(() => t.close())

  const ask = (email: string, ip = newIp()) =>
    call(t.app, 'POST', '/api/auth/public-signin-link', { body: { email }, ip })

  it('mails a confirmed user a one-time link and answers 202', async () => {
    const user = await createConfirmedUser(t.app)
    const res = await ask(user.email.toUpperCase())
    expect([res.statusCode, res.json()]).toEqual([202, { status: 'accepted' }])
    const mail = await latestMail(t.app, user.email)
    expect(mail!.template).toBe('signinLink')
    const link = new URL(mail!.data.link!)
    expect(`${link.origin}${link.pathname}`).toBe('https://keyway.example/auth')
    expect(link.searchParams.get('email')).toBe(user.email)
    expect(link.searchParams.get('signin')).toMatch(/\S+/)
  })

  it('answers the same for an unknown or deactivated address and mails nothing', async () => {
    const unknown = uniqueEmail('ghost')
    expect((await ask(unknown)).statusCode).toBe(202)
    expect(await latestMail(t.app, unknown)).toBeNull()

    const person = await callerWith(t)
    await setStatus(t, person.id, 'deactivated')
    expect((await ask(person.email)).statusCode).toBe(202)
    expect(await latestMail(t.app, person.email)).toBeNull()
  })

  it('mails one account at most 5 links per 15 minutes, however many addresses ask, and answers the same', async () => {
    const user = await createConfirmedUser(t.app)
    const answers = await Promise.all(Array.from({ length: 12 }, () => ask(user.email)))
    expect(answers.map((res) => [res.statusCode, res.json()])).toEqual(
      Array.from({ length: 12 }, () => [202, { status: 'accepted' }]),
    )
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email.toLowerCase()))
    expect(mails.filter((mail) => mail.template === 'signinLink')).toHaveLength(5)
    // An unknown address gets the very same answer past the cap too.
    const ghost = uniqueEmail('ghost')
    for (let i = 0; i < 7; i += 1) expect((await ask(ghost)).json()).toEqual({ status: 'accepted' })
  })

  it('validates the address and limits requests per address', async () => {
    const bad = await call(t.app, 'POST', '/api/auth/public-signin-link', { body: { email: 'nope' } })
    expect(bad.json().fields).toEqual({ email: 'Enter a valid email address.' })
    const ip = newIp()
    for (let i = 0; i < 5; i += 1) expect((await ask(uniqueEmail(), ip)).statusCode).toBe(202)
    expect((await ask(uniqueEmail(), ip)).statusCode).toBe(429)
  })
})
