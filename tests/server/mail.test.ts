import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboxSchema } from '../../src/contract'
import { MAIL_TEMPLATES, renderMail } from '../../server/modules/mail/templates'
import type { DbConnection } from '../../server/db/client'
import { createTestApp, createTestDb, type TestApp } from './helpers'
import { uniqueEmail } from './identity-helpers'
import { runJobs } from './jobs-helpers'
import { startSmtp, type SmtpServer } from './smtp-helpers'

const APP_URL = 'https://keyway.example'
const SAMPLE = {
  code: '123456',
  link: `${APP_URL}/x?y=1&z=2`,
  name: 'Ana',
  // A buyer's interest in a listing (dealInterest).
  buyerName: 'Luis Vega',
  buyerPhone: '(602) 555-0100',
  buyerEmail: 'luis@example.test',
  message: 'Is it still available?',
  address: '123 Main St, Phoenix, AZ 85001',
  // An accepted offer (offerAccepted).
  amount: 'cash offer of $240,000',
  closeDate: '2099-06-30',
  // A declined seller access request (sellerRequestDeclined).
  reason: 'Please add a company website.',
  // An answered help-centre question (helpAnswered).
  question: 'How long does closing take?',
  // A matching alert (matchAlert) and a digest (matchDigest): the score, the reasons in words, unsubscribe.
  score: '82',
  reasons: '- Entry fee $18,000 ≤ your max $25,000',
  unsubscribeLink: `${APP_URL}/unsubscribe?token=abc.def`,
  count: '2',
  listings: `123 Main St, Phoenix, AZ 85001 (score 82)\n  ${APP_URL}/deals/1`,
  // A stale listing's reminder (listingStale) and its automatic cancel (listingAutoCanceled).
  days: '31',
  confirmLink: `${APP_URL}/listing-confirm?token=abc.def`,
}

type Nested = { [key: string]: string | Nested }
const read = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lng}/mail.json`, import.meta.url), 'utf8')) as Nested
/** Every text with its dotted key, at any depth (notice phrases nest a level deeper than mails). */
const flatten = (value: Nested, prefix = ''): [string, string][] =>
  Object.entries(value).flatMap(([key, entry]): [string, string][] =>
    typeof entry === 'string' ? [[`${prefix}${key}`, entry]] : flatten(entry, `${prefix}${key}.`),
  )
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

describe('mail copy', () => {
  it('has the same keys and placeholders in English and Spanish', () => {
    const en = Object.fromEntries(flatten(read('en')))
    const es = Object.fromEntries(flatten(read('es')))
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort())
    for (const key of Object.keys(en)) expect([key, placeholders(es[key]!)]).toEqual([key, placeholders(en[key]!)])
  })

  it.each(MAIL_TEMPLATES)('renders %s in both languages with the facts it carries', async (template) => {
    for (const language of ['en', 'es'] as const) {
      const { subject, text } = await renderMail(template, language, SAMPLE, APP_URL)
      expect(subject).toMatch(/Keyway/)
      expect(text).not.toMatch(/\{\{|\}\}/)
      expect(text).toContain(language === 'en' ? 'Hi Ana,' : 'Hola, Ana:')
      expect(text).toContain(APP_URL)
      if (['signupCode', 'passwordReset', 'emailChangeCode'].includes(template)) expect(text).toContain('123456')
      if (
        [
          'signinLink',
          'passwordReset',
          'invitation',
          'dealInterest',
          'offerAccepted',
          'offerReceived',
          'offerDeclined',
          'sellerRequestApproved',
          'sellerRequestDeclined',
          'trainingCertified',
          'matchAlert',
          'listingStale',
          'listingAutoCanceled',
        ].includes(template)
      )
        expect(text).toContain(SAMPLE.link)
      if (['matchAlert', 'matchDigest'].includes(template)) expect(text).toContain(SAMPLE.unsubscribeLink)
      if (template === 'matchAlert') expect(`${subject}\n${text}`).toMatch(/82[\s\S]*Entry fee \$18,000/)
    }
  })

  it('refuses to render a mail without the fact it exists for', async () => {
    await expect(renderMail('signupCode', 'en', {}, APP_URL)).rejects.toThrow(/code/)
    await expect(renderMail('invitation', 'en', { code: '1' }, APP_URL)).rejects.toThrow(/link/)
  })
})

describe('app.mail and the dev outbox', () => {
  let t: TestApp
  const lines: string[] = []
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'development' },
      logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
    })
  })
  afterAll(() => t.close())

  it('records every mail and lists them newest first, filtered by recipient', async () => {
    const to = uniqueEmail('outbox')
    await t.app.mail.send({ to, template: 'waitlisted', language: 'es' })
    await t.app.mail.send({
      to: to.toUpperCase(),
      template: 'invitation',
      language: 'en',
      data: { link: 'https://x.test/i' },
    })
    await t.app.mail.send({ to: uniqueEmail('other'), template: 'waitlisted', language: 'en' })
    const response = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to.toUpperCase())}` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const { mails } = OutboxSchema.parse(response.json())
    expect(mails.map((mail) => mail.template)).toEqual(['invitation', 'waitlisted'])
    expect(mails[0]).toMatchObject({ to, subject: "You're invited to Keyway", data: { link: 'https://x.test/i' } })
    expect(mails[1]!.subject).toBe('Estás en la lista de espera de Keyway')
    const bad = await t.app.inject({ url: '/api/dev/outbox?to=not-an-email' })
    expect(bad.statusCode).toBe(400)
  })

  it('prints codes to the console in development so a developer can sign up from it', async () => {
    const to = uniqueEmail('console')
    await t.app.mail.send({ to, template: 'signupCode', language: 'en', data: { code: '654321' } })
    const line = lines.map((entry) => JSON.parse(entry) as Record<string, unknown>).find((entry) => entry.to === to)
    expect(line).toMatchObject({
      msg: 'mail recorded',
      subject: 'Your Keyway verification code',
      data: { code: '654321' },
    })
  })
})

describe('where the outbox is open', () => {
  // One database for the several apps built here: cloning one per app is the slow part.
  let connection: DbConnection
  beforeAll(async () => {
    connection = await createTestDb()
  })
  afterAll(() => connection.close())

  const outboxStatus = async (env: Record<string, string>) => {
    const t = await createTestApp({ env, connection })
    try {
      return (await t.app.inject({ url: '/api/dev/outbox' })).statusCode
    } finally {
      await t.close()
    }
  }

  it('is open on one machine outside production, closed with an external database or in production', async () => {
    expect(await outboxStatus({})).toBe(200)
    expect(await outboxStatus({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:4000' })).toBe(200)
    // Production never has it, even reached on localhost: HOST=0.0.0.0 would still expose it.
    expect(await outboxStatus({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:4000' })).toBe(404)
    expect(await outboxStatus({ NODE_ENV: 'production', HOST: '0.0.0.0', PUBLIC_URL: 'http://localhost:4000' })).toBe(
      404,
    )
    expect(await outboxStatus({ NODE_ENV: 'production', PUBLIC_URL: 'https://keyway.example' })).toBe(404)
    expect(await outboxStatus({ DATABASE_URL: 'postgres://u@db.invalid/keyway' })).toBe(404)
  })

  it('never prints codes outside development', async () => {
    const lines: string[] = []
    const t = await createTestApp({
      connection,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://keyway.example' },
      logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
    })
    try {
      await t.app.mail.send({
        to: uniqueEmail('prod'),
        template: 'signupCode',
        language: 'en',
        data: { code: '777777' },
      })
      expect(lines.join('')).toContain('mail recorded')
      expect(lines.join('')).not.toContain('777777')
    } finally {
      await t.close()
    }
  })
})

describe('SMTP delivery (SMTP_URL)', () => {
  let smtp: SmtpServer
  beforeAll(async () => {
    smtp = await startSmtp()
  })
  afterAll(() => smtp.close())

  it('sends the rendered mail from MAIL_FROM to the recipient when its job runs', async () => {
    const t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Keyway <hello@keyway.example>' } })
    try {
      const to = uniqueEmail('smtp')
      await t.app.mail.send({ to, template: 'signupCode', language: 'en', data: { code: '246810' } })
      // Delivered after the sender's commit, by the mail-delivery job (tests/server/mail-queue.test.ts).
      expect(smtp.received).toEqual([])
      await runJobs(t.app)
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]).toContain(`To: ${to}`)
      expect(smtp.received[0]).toContain('From: Keyway <hello@keyway.example>')
      expect(smtp.received[0]).toContain('Subject: Your Keyway verification code')
      expect(smtp.received[0]).toContain('246810')
    } finally {
      await t.close()
    }
  })
})
