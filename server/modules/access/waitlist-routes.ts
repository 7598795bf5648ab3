import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { endpoints } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { inviteFromWaitlist } from './service'
import { findWaitlistEntry, listWaitlist, toWaitlistEntry } from './waitlist-repository'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const IdParamsSchema = z.object({ id: z.string() })

export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminWaitlist, adminInviteFromWaitlist } = endpoints
  const adminOnly = [app.requireUser, app.requireRole('admin')]

  app.route({
    method: adminWaitlist.method,
    url: adminWaitlist.path,
    onRequest: adminOnly,
    schema: { querystring: adminWaitlist.query, response: { 200: adminWaitlist.response } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { page, pageSize } = request.query
      const { rows, total } = await listWaitlist(app.db, page, pageSize)
      return { items: rows.map(toWaitlistEntry), total, page, pageSize }
    },
  })

  app.route({
    method: adminInviteFromWaitlist.method,
    url: adminInviteFromWaitlist.path,
    onRequest: adminOnly,
    schema: { params: IdParamsSchema, response: { 200: adminInviteFromWaitlist.response } },
    handler: async (request) => {
      const entry = UUID.test(request.params.id) ? await findWaitlistEntry(app.db, request.params.id) : undefined
      if (!entry) throw new AppError(404, 'not_found', 'waitlistEntryNotFound')
      return toWaitlistEntry(await inviteFromWaitlist(app, entry, request.user.id))
    },
  })
}
