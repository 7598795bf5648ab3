import type { FastifyBaseLogger } from 'fastify'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { mailOutbox } from '../../db/schema/mail'
import type { ServerLanguage } from '../../http/i18n'
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
   * Renders, records in the outbox and (with SMTP_URL) delivers. Pass `db` to record inside a caller's
   * transaction. Delivery failures are logged, not thrown: the action that sent the mail has happened,
   * and the person can ask for another code.
   */
  send(message: MailMessage, options?: { db?: Database }): Promise<{ id: string }>
}

type MailDeps = {
  db: Database
  config: Config
  log: FastifyBaseLogger
  now: () => Date
  /** Print codes and links to the log so a developer can sign up from the console. */
  logSecrets: boolean
}

export function createMailService({ db, config, log, now, logSecrets }: MailDeps): MailService {
  const transport: Transporter | null = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null

  return {
    async send(message, options = {}) {
      const to = message.to.trim().toLowerCase()
      // Empty facts (a name nobody gave) stay out of the record and the greeting alike.
      const data = Object.fromEntries(Object.entries(message.data ?? {}).filter(([, value]) => value !== ''))
      const { subject, text } = await renderMail(message.template, message.language, data, config.PUBLIC_URL)
      const [row] = await (options.db ?? db)
        .insert(mailOutbox)
        .values({
          to,
          template: message.template,
          language: message.language,
          subject,
          text,
          data,
          headers: message.headers ?? {},
          createdAt: now(),
        })
        .returning({ id: mailOutbox.id })
      const id = row!.id
      if (logSecrets) log.info({ mailId: id, to, subject, data }, 'mail recorded')
      else log.info({ mailId: id, template: message.template }, 'mail recorded')
      if (transport) {
        transport
          .sendMail({ from: config.MAIL_FROM, to, subject, text })
          .catch((error: unknown) => log.error({ err: error, mailId: id }, 'mail delivery failed'))
      }
      return { id }
    },
  }
}
