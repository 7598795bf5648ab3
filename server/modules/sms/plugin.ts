import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { smsOutbox } from '../../db/schema/alerts'
import { implement } from '../../http/implement'
import { isDevOutboxOpen } from '../mail/plugin'
import { createSmsService, SMS_RETRY_DELAY_SECONDS, SMS_RETRY_LIMIT, smsDelivery, smsDeliveryHandler } from './service'
import { twilioTransport, type SmsTransport, type TwilioHttpClient } from './twilio'

export type SmsOptions = {
  /** The Twilio SDK's HTTP client (tests: one that sends the SDK's requests to a local server). */
  twilioHttpClient?: TwilioHttpClient
}

/**
 * Decorates the root app with `app.sms` and defines the `sms-delivery` job. Off unless TWILIO_* are set:
 * then every text is only recorded in the outbox, which `GET /api/dev/sms-outbox` shows where the mail
 * outbox is open.
 */
export async function registerSms(app: FastifyInstance, options: SmsOptions = {}) {
  const transport: SmsTransport | null = app.config.twilio
    ? twilioTransport(app.config.twilio, options.twilioHttpClient)
    : null
  const deps = { db: app.db, jobs: app.jobs, log: app.log.child({ module: 'sms' }), now: () => app.now(), transport }
  app.decorate('sms', createSmsService(deps))
  app.jobs.define(smsDelivery, smsDeliveryHandler(deps), {
    retryLimit: SMS_RETRY_LIMIT,
    retryDelaySeconds: SMS_RETRY_DELAY_SECONDS,
    retryBackoff: true,
  })
  if (isDevOutboxOpen(app.config)) await app.register(smsOutboxRoutes)
}

const smsOutboxRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.devSmsOutbox, async (request, reply) => {
    const { to } = request.query
    const rows = await app.db
      .select()
      .from(smsOutbox)
      .where(and(to === undefined ? undefined : eq(smsOutbox.to, to)))
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(50)
    reply.header('cache-control', 'no-store')
    return {
      texts: rows.map((row) => ({
        id: row.id,
        to: row.to,
        text: row.text,
        state: row.state,
        attempts: row.attempts,
        lastError: row.lastError,
        notBefore: row.notBefore?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      })),
    }
  })
}
