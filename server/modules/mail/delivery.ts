import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Transporter } from 'nodemailer'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { mailOutbox } from '../../db/schema/mail'
import { jobName, type Jobs } from '../../jobs/service'

/**
 * Mail delivery on the job system (issue 25): `app.mail.send` records a `queued` mail and sends this job in
 * the same transaction, so a write that rolls back sends nothing; the job hands the mail to SMTP after the
 * commit. A refused send counts an attempt, keeps its error and throws, so pg-boss tries again with backoff;
 * after MAIL_TRIES tries the mail is `failed`. A job that finds its mail no longer queued does nothing (a job
 * may run twice).
 */
export const mailDeliveryJob = jobName<{ mailId: string }>('mail-delivery')

/** Tries per mail, the first included. */
export const MAIL_TRIES = 5
/** pg-boss's backoff: the n-th retry waits 30 s × 2^(n−1), up to twice that with jitter (30 s … about 16 min). */
export const MAIL_RETRY_DELAY_SECONDS = 30

type DeliveryDeps = { db: Database; config: Config; log: FastifyBaseLogger; now: () => Date; transport: Transporter }

export function defineMailDelivery(jobs: Jobs, { db, config, log, now, transport }: DeliveryDeps) {
  jobs.define(
    mailDeliveryJob,
    async ({ mailId }, { retryCount }) => {
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId))
      if (!mail || mail.state !== 'queued') return
      const queued = and(eq(mailOutbox.id, mailId), eq(mailOutbox.state, 'queued'))
      try {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          headers: mail.headers,
        })
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        const last = retryCount + 1 >= MAIL_TRIES
        await db
          .update(mailOutbox)
          .set({
            attempts: sql`${mailOutbox.attempts} + 1`,
            lastError: message.slice(0, 500),
            ...(last && { state: 'failed' }),
          })
          .where(queued)
        log.warn({ err: error, mailId, tries: retryCount + 1, final: last }, 'mail delivery failed')
        throw error
      }
      await db
        .update(mailOutbox)
        .set({ state: 'sent', sentAt: now(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
        .where(queued)
    },
    { retryLimit: MAIL_TRIES - 1, retryDelaySeconds: MAIL_RETRY_DELAY_SECONDS, retryBackoff: true },
  )
}
