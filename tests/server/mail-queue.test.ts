import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import type { DbConnection } from '../../server/db/client'
import { mailOutbox } from '../../server/db/schema/mail'
import { MAIL_TRIES } from '../../server/modules/mail/delivery'
import { client } from './contract-client'
import { createTestApp, createTestDb, type TestApp } from './helpers'
import { uniqueEmail } from './identity-helpers'
import { makeJobsDue, runJobs } from './jobs-helpers'
import { startSmtp, type SmtpServer } from './smtp-helpers'

/** The outbox is a queue (issue 25): recorded in the sender's transaction, delivered by a job with retries. */

let connection: DbConnection
let smtp: SmtpServer
let t: TestApp

beforeAll(async () => {
  connection = await createTestDb()
  smtp = await startSmtp()
  t = await createTestApp({ connection, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Keyway <hello@keyway.example>' } })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
  await connection.close()
})

/** What the dev outbox shows of the mails to one address. */
const outboxOf = async (app: TestApp, to: string) =>
  (await client(app.app).ok(endpoints.devOutbox, { query: { to } })).mails

/** The mail-delivery jobs of one mail, whatever their state. */
async function jobsOf(mailId: string) {
  const result = await t.db.execute(
    sql`select state from pgboss.job where name = 'mail-delivery' and data->>'mailId' = ${mailId}`,
  )
  return (result as unknown as { rows: { state: string }[] }).rows.map((row) => row.state)
}

const code = (to: string, value: string) => ({
  to,
  template: 'signupCode' as const,
  language: 'en' as const,
  data: { code: value },
  headers: { 'List-Unsubscribe': '<https://keyway.example/u/1>' },
})

describe('the mail queue', () => {
  it('sends no mail and leaves no job when the write that sent it rolls back', async () => {
    const to = uniqueEmail('rolled-back')
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.mail.send(code(to, '111111'), { db: tx })
        throw new Error('the write failed')
      }),
    ).rejects.toThrow('the write failed')
    expect(await outboxOf(t, to)).toEqual([])
    const mailJobs = await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'mail-delivery' and state <> 'completed'`,
    )
    expect((mailJobs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0)
    // A mail sent after it, committed, is delivered; the rolled-back one never is.
    const after = uniqueEmail('committed')
    await t.app.mail.send(code(after, '121212'))
    await runJobs(t.app)
    await expect.poll(() => smtp.received.some((message) => message.includes(`To: ${after}`))).toBe(true)
    expect(smtp.received.some((message) => message.includes(`To: ${to}`))).toBe(false)
  })

  it('records the mail as queued at once, then retries a refused SMTP send and delivers it with its headers', async () => {
    const to = uniqueEmail('retried')
    smtp.refuseNext(1)
    const { id } = await t.app.mail.send(code(to, '222222'))
    expect(await outboxOf(t, to)).toMatchObject([{ id, state: 'queued', attempts: 0, sentAt: null }])

    await runJobs(t.app)
    const [failed] = await outboxOf(t, to)
    expect(failed).toMatchObject({
      state: 'queued',
      attempts: 1,
      sentAt: null,
      lastError: expect.stringMatching(/421/),
    })
    expect(smtp.received.filter((message) => message.includes(`To: ${to}`))).toEqual([])
    // The retry waits for its backoff...
    await runJobs(t.app)
    expect((await outboxOf(t, to))[0]!.attempts).toBe(1)
    // ...and then it goes.
    await makeJobsDue(t.app)
    await runJobs(t.app)
    const [sent] = await outboxOf(t, to)
    expect(sent).toMatchObject({ state: 'sent', attempts: 2, lastError: null, sentAt: expect.any(String) })
    const delivered = smtp.received.filter((message) => message.includes(`To: ${to}`))
    expect(delivered).toHaveLength(1)
    expect(delivered[0]).toContain('From: Keyway <hello@keyway.example>')
    expect(delivered[0]).toContain('List-Unsubscribe: <https://keyway.example/u/1>')
    expect(delivered[0]).toContain('222222')
    expect(await jobsOf(id)).toEqual(['completed'])
    // A job run again (at least once) sends nothing twice.
    await makeJobsDue(t.app)
    await runJobs(t.app)
    expect(smtp.received.filter((message) => message.includes(`To: ${to}`))).toHaveLength(1)
  })

  it(`marks the mail failed after ${MAIL_TRIES} refused tries, and tries no more`, async () => {
    const to = uniqueEmail('failed')
    smtp.refuseNext(MAIL_TRIES + 1)
    const { id } = await t.app.mail.send(code(to, '333333'))
    for (let attempt = 1; attempt <= MAIL_TRIES; attempt++) {
      await makeJobsDue(t.app)
      await runJobs(t.app)
      expect((await outboxOf(t, to))[0]).toMatchObject({
        attempts: attempt,
        state: attempt === MAIL_TRIES ? 'failed' : 'queued',
      })
    }
    await makeJobsDue(t.app)
    await runJobs(t.app)
    expect((await outboxOf(t, to))[0]).toMatchObject({ state: 'failed', attempts: MAIL_TRIES, sentAt: null })
    expect(await jobsOf(id)).toEqual(['failed'])
    expect(smtp.received.filter((message) => message.includes(`To: ${to}`))).toEqual([])
    smtp.refuseNext(0)
  })

  it('records a mail without SMTP_URL as recorded, with no job to run', async () => {
    const local = await createTestApp({ connection })
    try {
      const to = uniqueEmail('recorded')
      const { id } = await local.app.mail.send(code(to, '444444'))
      expect(await outboxOf(local, to)).toMatchObject([{ id, state: 'recorded', attempts: 0, sentAt: null }])
      expect(await jobsOf(id)).toEqual([])
      const [row] = await local.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
      expect(row!.headers).toEqual({ 'List-Unsubscribe': '<https://keyway.example/u/1>' })
    } finally {
      await local.close()
    }
  })
})
