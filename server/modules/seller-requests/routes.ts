import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { latestRequestOf, listRequests, toSellerRequest } from './repository'
import { createSellerRequest, decideSellerRequest, withPeople } from './service'

/** Seller access by approval: the requester's two endpoints and the admins' three (service.ts). */
export const sellerRequestRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.mySellerRequest, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const row = await latestRequestOf(app.db, request.user.id)
    return { request: row ? toSellerRequest(row) : null }
  })

  implement(app, endpoints.createSellerRequest, async (request) =>
    toSellerRequest(await createSellerRequest(app, request.user, request.body)),
  )

  implement(app, endpoints.adminSellerRequests, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const { status, page, pageSize } = request.query
    const { rows, total } = await listRequests(app.db, { status, page, pageSize })
    return { items: await withPeople(app.db, rows), total, page, pageSize }
  })

  implement(app, endpoints.adminApproveSellerRequest, async (request) =>
    decideSellerRequest(app, request.user, request.params.id, { status: 'approved' }),
  )

  implement(app, endpoints.adminDeclineSellerRequest, async (request) =>
    decideSellerRequest(app, request.user, request.params.id, { status: 'declined', reason: request.body.reason }),
  )
}
