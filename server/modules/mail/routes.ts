import { and, desc, eq } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { mailOutbox } from '../../db/schema/mail'
import { implement } from '../../http/implement'

/** `GET /api/dev/outbox`: the mails this server recorded, newest first (registered in embedded mode only). */
export const outboxRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.devOutbox, async (request, reply) => {
    const { to, template } = request.query
    const rows = await app.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          to === undefined ? undefined : eq(mailOutbox.to, to),
          template === undefined ? undefined : eq(mailOutbox.template, template),
        ),
      )
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(50)
    reply.header('cache-control', 'no-store')
    return {
      mails: rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        data: row.data,
        template: row.template,
        createdAt: row.createdAt.toISOString(),
        state: row.state,
        attempts: row.attempts,
        lastError: row.lastError,
        sentAt: row.sentAt?.toISOString() ?? null,
      })),
    }
  })
}
