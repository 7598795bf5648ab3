import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { mailOutbox } from '../../server/db/schema/mail'
import { users } from '../../server/db/schema/accounts'
import { createTestApp, type TestApp } from './helpers'
import { fakeClock } from './identity-helpers'

/** The e-mailed sign-in link on a real Cognito pool: our server mails the code, the pool's trigger asks us. */
const SECRET = 'trigger-secret-0123456789abcdef0123456789'
const env = {
  COGNITO_USER_POOL_ID: 'us-east-1_Test123',
  COGNITO_CLIENT_ID: 'awsclient123',
  COGNITO_REGION: 'us-east-1',
  COGNITO_TRIGGER_SECRET: SECRET,
}
const clock = fakeClock()
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ env, now: clock.now })
  await t.db.insert(users).values([
    { cognitoSub: 'sub-pat', email: 'pat@example.test', firstName: 'Pat' },
    { cognitoSub: 'sub-gone', email: 'gone@example.test', firstName: 'Gone', status: 'deactivated' },
  ])
})
afterAll(() => t.close())

const askForLink = (email: string) =>
  t.app.inject({ method: 'POST', url: endpoints.signinLink.path, payload: { email, languagePreference: 'es' } })

const verify = (body: { email: string; code: string }, secret = SECRET) =>
  t.app.inject({
    method: 'POST',
    url: endpoints.signinLinkVerify.path,
    headers: { authorization: `Bearer ${secret}` },
    payload: body,
  })

/** The newest sign-in link mailed to `email`, read from the outbox table (the dev outbox route is closed here). */
async function mailedLink(email: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'signinLink')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1)
  if (!mail?.data.link) return null
  const link = new URL(mail.data.link)
  return { mail, link, code: link.searchParams.get('signin') ?? '', email: link.searchParams.get('email') ?? '' }
}

describe('the sign-in link in AWS mode', () => {
  it('mails the link the embedded provider mails, and its code verifies exactly once', async () => {
    expect((await askForLink('Pat@Example.test')).statusCode).toBe(202)
    const sent = await mailedLink('pat@example.test')
    expect(sent).not.toBeNull()
    expect(sent!.mail.language).toBe('es')
    expect(sent!.link.pathname).toBe('/auth')
    expect(sent!.email).toBe('pat@example.test')
    expect(sent!.code.length).toBeGreaterThanOrEqual(43)

    const first = await verify({ email: 'pat@example.test', code: sent!.code })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ valid: true })
    expect((await verify({ email: 'pat@example.test', code: sent!.code })).json()).toEqual({ valid: false })
  })

  it('refuses a caller without the trigger secret', async () => {
    await askForLink('pat@example.test')
    const sent = await mailedLink('pat@example.test')
    const wrong = await verify({ email: 'pat@example.test', code: sent!.code }, 'not-the-secret')
    expect(wrong.statusCode).toBe(401)
    const none = await t.app.inject({
      method: 'POST',
      url: endpoints.signinLinkVerify.path,
      payload: { email: 'pat@example.test', code: sent!.code },
    })
    expect(none.statusCode).toBe(401)
    // The refused calls did not spend it.
    expect((await verify({ email: 'pat@example.test', code: sent!.code })).json()).toEqual({ valid: true })
  })

  it('answers false for a wrong code, an expired code and an unknown address', async () => {
    await askForLink('pat@example.test')
    const sent = await mailedLink('pat@example.test')
    expect((await verify({ email: 'pat@example.test', code: 'x'.repeat(43) })).json()).toEqual({ valid: false })
    expect((await verify({ email: 'nobody@example.test', code: sent!.code })).json()).toEqual({ valid: false })
    clock.advance(15 * 60_000 + 1000)
    expect((await verify({ email: 'pat@example.test', code: sent!.code })).json()).toEqual({ valid: false })
  })

  it('mails nothing to an unknown or deactivated address', async () => {
    expect((await askForLink('nobody@example.test')).statusCode).toBe(202)
    expect((await askForLink('gone@example.test')).statusCode).toBe(202)
    expect(await mailedLink('nobody@example.test')).toBeNull()
    expect(await mailedLink('gone@example.test')).toBeNull()
    // While an active account asking on the same path gets its link.
    await askForLink('pat@example.test')
    expect(await mailedLink('pat@example.test')).not.toBeNull()
  })
})
