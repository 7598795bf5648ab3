import { and, desc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { endpoints } from '../../../src/contract'
import { emailField } from '../../../src/contract/fields'
import { mailOutbox } from '../../db/schema/mail'

const OutboxQuerySchema = z.object({
  to: emailField.optional(),
  template: z.string().trim().max(40).optional(),
})

/** `GET /api/dev/outbox`: the mails this server recorded, newest first (registered in embedded mode only). */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { devOutbox } = endpoints
  app.route({
    method: devOutbox.method,
    url: devOutbox.path,
    schema: { querystring: OutboxQuerySchema, response: { 200: devOutbox.response } },
    handler: async (request, reply) => {
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
        })),
      }
    },
  })
}
