import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { getThread, listMessages, listThreads } from './reads'
import { sendMessage, startThread } from './service'
import { blockThread, markThreadRead, unblockThread } from './thread-state'
import { messageBuyer } from './seller-first'

/** Conversations about deals: who may read or write a thread is settled in the service. */
export const chatRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.listThreads, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return listThreads(app.db, request.user, request.query)
  })
  implement(app, endpoints.startThread, async (request) => startThread(app, request.user, request.body))
  implement(app, endpoints.messageBuyer, async (request) =>
    messageBuyer(app, request.user, request.params.id, request.params.buyerId, request.body.message),
  )
  implement(app, endpoints.getThread, async (request) => getThread(app.db, request.params.threadId, request.user))
  implement(app, endpoints.listMessages, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return listMessages(app.db, request.params.threadId, request.user, request.query)
  })
  implement(app, endpoints.sendMessage, async (request) =>
    sendMessage(app, request.user, request.params.threadId, request.body.message),
  )
  implement(app, endpoints.markThreadRead, async (request) =>
    markThreadRead(app, request.user, request.params.threadId),
  )
  implement(app, endpoints.blockThread, async (request) => blockThread(app, request.user, request.params.threadId))
  implement(app, endpoints.unblockThread, async (request) => unblockThread(app, request.user, request.params.threadId))
}
