import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client'
import { smsOutbox } from '../../db/schema/alerts'
import type { Jobs } from '../../jobs/service'
import { jobName } from '../../jobs/service'
import type { SmsService, TextMessage } from '../channels/types'
import { heldUntil, quietHoursEnd } from '../channels/quiet-hours'
import type { SmsTransport } from './twilio'

export const smsDelivery = jobName<{ smsId: string }>('sms-delivery')

/** Tries per text: the first and four retries, 1, 2, 4 and 8 minutes apart (pg-boss's exponential backoff). */
export const SMS_RETRY_LIMIT = 4
export const SMS_RETRY_DELAY_SECONDS = 60
/** Twilio's limit for one message is 1,600 characters; alerts are far shorter. */
const SMS_TEXT_MAX = 1600

/** A US number as stored (ten digits, or already +1…) in E.164: +1 and the ten digits; null when it is not one. */
export function toE164(phone: string): string | null {
  const digits = phone.replace(/\D/g, '')
  if (/^[2-9]\d{9}$/.test(digits)) return `+1${digits}`
  if (/^1[2-9]\d{9}$/.test(digits)) return `+${digits}`
  return null
}

type Deps = { db: Database; jobs: Jobs; log: FastifyBaseLogger; now: () => Date; transport: SmsTransport | null }

/**
 * `app.sms`: a text is a row of `sms_outbox` and an `sms-delivery` job, both in the caller's transaction;
 * quiet hours in the buyer's time zone set `not_before` and hold the job until then.
 */
export function createSmsService({ jobs, log, now }: Omit<Deps, 'db' | 'transport'>): SmsService {
  return {
    async send(db: Database, message: TextMessage) {
      const to = toE164(message.to)
      if (!to) {
        log.warn({ userId: message.userId }, 'text not sent: the phone number is not a US number')
        return
      }
      const at = now()
      const notBefore = quietHoursEnd(at, message.timeZone)
      const [row] = await db
        .insert(smsOutbox)
        .values({ userId: message.userId, to, text: message.text.slice(0, SMS_TEXT_MAX), notBefore, createdAt: at })
        .returning({ id: smsOutbox.id })
      await jobs.send(db, smsDelivery, { smsId: row!.id }, notBefore ? { startAfter: heldUntil(notBefore, at) } : {})
    },
  }
}

/**
 * The `sms-delivery` handler. Idempotent: a text already settled is left alone. Still in quiet hours on the
 * app's clock (pg-boss judged "due" by the database's), it sends itself again for later and returns. Without
 * a provider the text is `recorded`; a provider error is counted and thrown, so pg-boss retries it, and the
 * last try marks it `failed`.
 */
export function smsDeliveryHandler({ db, jobs, log, now, transport }: Deps) {
  return async ({ smsId }: { smsId: string }, { retryCount }: { retryCount: number }) => {
    const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, smsId))
    if (!row || row.state !== 'queued') return
    const at = now()
    if (row.notBefore && row.notBefore > at) {
      await jobs.send(db, smsDelivery, { smsId }, { startAfter: heldUntil(row.notBefore, at) })
      return
    }
    if (!transport) {
      await db.update(smsOutbox).set({ state: 'recorded', sentAt: at }).where(eq(smsOutbox.id, smsId))
      return
    }
    try {
      await transport.send({ to: row.to, body: row.text })
    } catch (error) {
      const lastTry = retryCount >= SMS_RETRY_LIMIT
      const reason = error instanceof Error ? error.message : String(error)
      await db
        .update(smsOutbox)
        .set({
          attempts: sql`${smsOutbox.attempts} + 1`,
          lastError: reason.slice(0, 500),
          ...(lastTry && { state: 'failed' as const }),
        })
        .where(eq(smsOutbox.id, smsId))
      log.warn({ smsId, retryCount, err: error }, lastTry ? 'text failed for good' : 'text failed, will retry')
      throw error
    }
    await db
      .update(smsOutbox)
      .set({ state: 'sent', sentAt: now(), attempts: sql`${smsOutbox.attempts} + 1`, lastError: null })
      .where(eq(smsOutbox.id, smsId))
  }
}
