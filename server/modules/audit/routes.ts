import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { listAudit } from './list'

/** The audit log, read-only: admins and owners list it; nothing here (nor anywhere) changes an entry. */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.adminAudit, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return listAudit(app.db, request.query)
  })
}
