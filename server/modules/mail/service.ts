import type { FastifyBaseLogger } from 'fastify'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { mailOutbox } from '../../db/schema/mail'
import type { ServerLanguage } from '../../http/i18n'
import type { Jobs } from '../../jobs/service'
import { defineMailDelivery, mailDeliveryJob } from './delivery'
import { renderMail, type MailTemplate } from './templates'

export type MailMessage = {
  to: string
  template: MailTemplate
  language: ServerLanguage
  /** Facts the template interpolates (`code`, `link`, `name`); also kept in the outbox for tests and tools. */
  data?: Record<string, string>
  /** Extra headers for delivery (alert mails: List-Unsubscribe, List-Unsubscribe-Post); kept in the outbox. */
  headers?: Record<string, string>
}

export type MailService = {
  /**
   * Renders and records in the outbox: with SMTP_URL as `queued` with its `mail-delivery` job (delivered after
   * the commit, retried; delivery.ts), without it as `recorded` (the dev outbox is the delivery). Pass `db`
   * to record inside a caller's transaction: a rollback then leaves neither the mail nor its job. Without
   * `db` the mail and its job are written in a transaction of their own.
   */
  send(message: MailMessage, options?: { db?: Database }): Promise<{ id: string }>
}

type MailDeps = {
  db: Database
  jobs: Jobs
  config: Config
  log: FastifyBaseLogger
  now: () => Date
  /** Print codes and links to the log so a developer can sign up from the console. */
  logSecrets: boolean
}

/** The mail service; with SMTP_URL it also defines the delivery job (call while the app registers). */
export function createMailService({ db, jobs, config, log, now, logSecrets }: MailDeps): MailService {
  const transport: Transporter | null = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null
  if (transport) defineMailDelivery(jobs, { db, config, log, now, transport })

  async function record(tx: Database, values: typeof mailOutbox.$inferInsert): Promise<string> {
    const [row] = await tx.insert(mailOutbox).values(values).returning({ id: mailOutbox.id })
    if (transport) await jobs.send(tx, mailDeliveryJob, { mailId: row!.id })
    return row!.id
  }

  return {
    async send(message, options = {}) {
      const to = message.to.trim().toLowerCase()
      // Empty facts (a name nobody gave) stay out of the record and the greeting alike.
      const data = Object.fromEntries(Object.entries(message.data ?? {}).filter(([, value]) => value !== ''))
      const { subject, text } = await renderMail(message.template, message.language, data, config.PUBLIC_URL)
      const values = {
        to,
        template: message.template,
        language: message.language,
        subject,
        text,
        data,
        headers: message.headers ?? {},
        state: transport ? ('queued' as const) : ('recorded' as const),
        createdAt: now(),
      }
      const id = options.db ? await record(options.db, values) : await db.transaction((tx) => record(tx, values))
      if (logSecrets) log.info({ mailId: id, to, subject, data }, 'mail recorded')
      else log.info({ mailId: id, template: message.template }, 'mail recorded')
      return { id }
    },
  }
}
