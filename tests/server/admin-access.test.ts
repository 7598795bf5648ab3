import { randomInt } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, HumanCheckChallengeSchema, type EndpointSpec, type Role } from '../../src/contract'
import { auditLog, mailOutbox, waitlist } from '../../server/db/schema'
import { client, type ClientInput } from './contract-client'
import { createTestApp, type TestApp } from './helpers'
import { uniqueEmail } from './identity-helpers'
import { callerWith, type Caller } from './accounts-helpers'

const spanish = JSON.parse(readFileSync(new URL('../../locales/es/mail.json', import.meta.url), 'utf8')) as Record<
  string,
  { subject: string }
>

describe('admin: beta access', () => {
  let t: TestApp
  let admin: Caller
  let owner: Caller
  let seller: Caller
  let buyer: Caller
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://keyway.example' } })
    admin = await callerWith(t, ['admin'])
    owner = await callerWith(t, ['owner'])
    seller = await callerWith(t, ['originator'])
    buyer = await callerWith(t, ['buyer'])
  })
  afterAll(() => t.close())

  const as = (caller?: Caller) => client(t.app, caller)

  const waiting = async (people: { firstName: string; role?: Role; language?: 'en' | 'es'; lastName?: string }[]) =>
    t.db
      .insert(waitlist)
      .values(
        people.map((person, index) => ({
          email: uniqueEmail(person.firstName.toLowerCase()),
          firstName: person.firstName,
          lastName: person.lastName ?? 'Waiting',
          phone: '6025550111',
          role: person.role ?? 'buyer',
          language: person.language ?? 'en',
          createdAt: new Date(Date.now() - (people.length - index) * 1000),
        })),
      )
      .returning()

  const mailsTo = (email: string) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt))

  const auditOf = (action: string, targetId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))

  const signUp = (token: string, email: string) =>
    as().send(endpoints.signupWithInvitation, {
      body: { email, password: 'Sup3r-Secret!', firstName: 'New', lastName: 'Member', invitationToken: token },
    })

  const tokenOf = (link: string) => new URL(link).searchParams.get('invitation')!

  it('invites several waiting people at once: one mail each, in their language, with a working link', async () => {
    const [iris, max] = await waiting([
      { firstName: 'Iris', role: 'originator', language: 'es' },
      { firstName: 'Max', role: 'buyer' },
    ])
    const { entries } = await as(admin).ok(endpoints.adminInviteWaitlist, { body: { ids: [iris!.id, max!.id] } })
    expect(entries.map((entry) => [entry.email, entry.invitedAt !== null])).toEqual([
      [iris!.email, true],
      [max!.email, true],
    ])

    for (const [entry, role, subject] of [
      [iris!, 'originator', spanish.invitation!.subject],
      [max!, 'buyer', "You're invited to Keyway"],
    ] as const) {
      const mails = await mailsTo(entry.email)
      expect(mails).toHaveLength(1)
      expect(mails[0]).toMatchObject({ template: 'invitation', subject })
      const link = mails[0]!.data.link!
      expect(link).toMatch(/^https:\/\/keyway\.example\/signup\?invitation=/)
      const validation = await as().ok(endpoints.validateInvitation, { params: { token: tokenOf(link) } })
      expect(validation).toMatchObject({ valid: true, role, email: entry.email })
      const [row] = await t.db.select().from(waitlist).where(eq(waitlist.id, entry.id))
      expect(row!.invitationId).toEqual(expect.any(String))
      const [audit] = await auditOf('waitlist.invite', entry.id)
      expect(audit).toMatchObject({ actorId: admin.id, targetType: 'waitlist', targetLabel: entry.email })
    }
    const signedUp = await signUp(tokenOf((await mailsTo(max!.email))[0]!.data.link!), max!.email)
    expect(signedUp.statusCode).toBe(200)
  })

  it('refuses more people at once than the invitation batch limit, in the caller’s language', async () => {
    await as(admin).ok(endpoints.adminPutAccessLimits, { body: { betaCapacity: 500, invitationBatchLimit: 2 } })
    const entries = await waiting([{ firstName: 'Ana' }, { firstName: 'Bo' }, { firstName: 'Cy' }])
    const res = await as(admin).send(endpoints.adminInviteWaitlist, {
      body: { ids: entries.map((entry) => entry.id) },
      headers: { 'accept-language': 'es' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().fields).toEqual({ ids: 'Puedes invitar como máximo a 2 personas a la vez.' })
    expect(await mailsTo(entries[0]!.email)).toEqual([])
    await as(admin).ok(endpoints.adminPutAccessLimits, { body: { betaCapacity: 500, invitationBatchLimit: 10 } })
  })

  it('declines a request: declinedAt set, a polite mail in their language, audited', async () => {
    const [rosa] = await waiting([{ firstName: 'Rosa', language: 'es' }])
    const declined = await as(admin).ok(endpoints.adminDeclineWaitlist, { params: { id: rosa!.id } })
    expect(declined.declinedAt).toEqual(expect.any(String))
    const mails = await mailsTo(rosa!.email)
    expect(mails.map((mail) => [mail.template, mail.subject])).toEqual([
      ['waitlistDeclined', spanish.waitlistDeclined!.subject],
    ])
    expect(mails[0]!.text).toContain('Rosa')
    expect(await auditOf('waitlist.decline', rosa!.id)).toHaveLength(1)

    // Declining again changes nothing and mails nothing; an invited person is not declined.
    await as(admin).ok(endpoints.adminDeclineWaitlist, { params: { id: rosa!.id } })
    expect(await mailsTo(rosa!.email)).toHaveLength(1)
    const [leo] = await waiting([{ firstName: 'Leo' }])
    await as(admin).ok(endpoints.adminInviteWaitlist, { body: { ids: [leo!.id] } })
    const refused = await as(admin).send(endpoints.adminDeclineWaitlist, { params: { id: leo!.id } })
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'already_invited'])
  })

  it('searches the waitlist by name and e-mail', async () => {
    const [zed] = await waiting([{ firstName: 'Zedekiah', lastName: 'Quonset' }])
    const byName = await as(owner).ok(endpoints.adminWaitlist, { query: { q: 'zedekiah quon' } })
    expect(byName.items.map((entry) => entry.id)).toEqual([zed!.id])
    const byEmail = await as(admin).ok(endpoints.adminWaitlist, { query: { q: zed!.email.toUpperCase() } })
    expect(byEmail.total).toBe(1)
    expect((await as(admin).ok(endpoints.adminWaitlist, { query: { q: '100%' } })).total).toBe(0)
  })

  it('lists every invitation newest first with its sender, and resends a pending one', async () => {
    const [pia] = await waiting([{ firstName: 'Pia', language: 'es' }])
    await as(admin).ok(endpoints.adminInviteWaitlist, { body: { ids: [pia!.id] } })
    const page = await as(owner).ok(endpoints.adminInvitations, { query: { pageSize: 1 } })
    const [newest] = page.items
    expect(page.total).toBeGreaterThan(1)
    expect(newest).toMatchObject({ email: pia!.email, role: 'buyer', status: 'pending', resentAt: null })
    expect(newest!.sentBy).toMatchObject({ id: admin.id, email: admin.email })

    const resent = await as(admin).ok(endpoints.adminResendInvitation, { params: { id: newest!.id } })
    expect(resent.resentAt).toEqual(expect.any(String))
    const mails = await mailsTo(pia!.email)
    expect(mails).toHaveLength(2)
    expect(mails[0]).toMatchObject({ template: 'invitation', subject: spanish.invitation!.subject })
    expect(mails[0]!.data.link).toBe(mails[1]!.data.link)
    expect(await auditOf('invitation.resend', newest!.id)).toHaveLength(1)
  })

  it('revokes a pending invitation: its link then signs no one up, as an expired one', async () => {
    const [kai] = await waiting([{ firstName: 'Kai' }])
    await as(admin).ok(endpoints.adminInviteWaitlist, { body: { ids: [kai!.id] } })
    const link = (await mailsTo(kai!.email))[0]!.data.link!
    const { items } = await as(admin).ok(endpoints.adminInvitations, { query: { pageSize: 1 } })
    const revoked = await as(admin).ok(endpoints.adminRevokeInvitation, { params: { id: items[0]!.id } })
    expect(revoked.status).toBe('revoked')
    expect(await auditOf('invitation.revoke', revoked.id)).toHaveLength(1)

    const validation = await as().ok(endpoints.validateInvitation, { params: { token: tokenOf(link) } })
    expect(validation).toMatchObject({ valid: false, status: 'revoked' })
    const refused = await signUp(tokenOf(link), kai!.email)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'invitation_expired',
      fields: { invitationToken: 'This invitation has expired. Ask the person who invited you for a new one.' },
    })
    // Neither resent nor revoked again once it is no longer pending.
    const again = await as(admin).send(endpoints.adminResendInvitation, { params: { id: revoked.id } })
    expect([again.statusCode, again.json().code]).toEqual([409, 'invitation_not_pending'])
    // Inviting the person again makes a new invitation rather than mailing the revoked one.
    await as(admin).ok(endpoints.adminInviteWaitlist, { body: { ids: [kai!.id] } })
    const newLink = (await mailsTo(kai!.email))[0]!.data.link!
    expect(newLink).not.toBe(link)
  })

  it('saves the webinar URL over https only, with a field message in the caller’s language', async () => {
    const settings = await as(admin).ok(endpoints.adminGetSettings)
    for (const url of ['http://events.example.com/webinar', 'ftp://events.example.com/webinar']) {
      const res = await as(admin).send(endpoints.adminPutSettings, {
        body: { ...settings, enableWebinarBanner: true, webinarRegistrationUrl: url },
        headers: { 'accept-language': 'es' },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().fields).toEqual({ webinarRegistrationUrl: 'El enlace debe empezar por https://.' })
    }
    const off = await as(admin).send(endpoints.adminPutSettings, {
      body: { ...settings, enableWebinarBanner: true, webinarRegistrationUrl: null },
    })
    expect(off.json().fields).toEqual({
      webinarRegistrationUrl: "Enter the webinar's registration link to show the banner.",
    })
    expect(await as(admin).ok(endpoints.adminGetSettings)).toEqual(settings)

    const next = { ...settings, enableWebinarBanner: true, webinarRegistrationUrl: 'https://events.example.com/w' }
    expect(await as(admin).ok(endpoints.adminPutSettings, { body: next })).toEqual(next)
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
    // The entry names only what changed.
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== settings[key])
    const pick = (value: typeof settings) => Object.fromEntries(changed.map((key) => [key, value[key]]))
    expect(changed.length).toBeGreaterThan(0)
    expect(audit).toMatchObject({ actorId: admin.id, targetType: 'settings' })
    expect({ before: audit!.before, after: audit!.after }).toEqual({ before: pick(settings), after: pick(next) })
    await as(admin).ok(endpoints.adminPutSettings, { body: settings })
  })

  it('lets a raised capacity admit a request that a full beta waitlisted', async () => {
    const ask = async (email: string) => {
      const check = HumanCheckChallengeSchema.parse(await as().ok(endpoints.humanCheck))
      const answer = check.operator === '+' ? check.a + check.b : check.a - check.b
      return as().ok(endpoints.requestAccess, {
        body: {
          firstName: 'Gus',
          lastName: 'Late',
          email,
          phone: '(520) 555-0142',
          humanCheck: { token: check.token, answer },
        },
        ip: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
      })
    }
    await as(admin).ok(endpoints.adminPutAccessLimits, { body: { betaCapacity: 0, invitationBatchLimit: 10 } })
    expect(await ask(uniqueEmail('full'))).toEqual({ status: 'waitlisted' })
    const summary = await as(admin).ok(endpoints.adminPutAccessLimits, {
      body: { betaCapacity: 100_000, invitationBatchLimit: 10 },
    })
    expect(summary).toMatchObject({ betaCapacity: 100_000, invitationBatchLimit: 10 })
    expect(summary.members).toBeGreaterThanOrEqual(4)
    expect(await ask(uniqueEmail('room'))).toEqual({ status: 'invited' })
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
    expect({ before: audit!.before, after: audit!.after }).toEqual({
      before: { betaCapacity: 0 },
      after: { betaCapacity: 100_000 },
    })
  })

  it('answers 403 to buyers and sellers on every beta access endpoint, and lets owners read', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    const entry = <E extends EndpointSpec>(endpoint: E, input: ClientInput<E> = {}) => ({
      path: endpoint.path,
      send: (caller: Caller) => as(caller).send(endpoint, input),
    })
    const calls = [
      entry(endpoints.adminAccessSummary),
      entry(endpoints.adminPutAccessLimits, { body: { betaCapacity: 1, invitationBatchLimit: 1 } }),
      entry(endpoints.adminInviteWaitlist, { body: { ids: [id] } }),
      entry(endpoints.adminDeclineWaitlist, { params: { id } }),
      entry(endpoints.adminInvitations),
      entry(endpoints.adminResendInvitation, { params: { id } }),
      entry(endpoints.adminRevokeInvitation, { params: { id } }),
    ]
    for (const caller of [buyer, seller]) {
      for (const { path, send } of calls) {
        expect([path, (await send(caller)).statusCode]).toEqual([path, 403])
      }
    }
    expect((await as(owner).send(endpoints.adminAccessSummary)).statusCode).toBe(200)
    expect((await as(owner).send(endpoints.adminInvitations)).statusCode).toBe(200)
  })
})
