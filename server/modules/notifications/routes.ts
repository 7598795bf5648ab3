import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { markNotificationRead, unreadNotifications } from './service'

/** The bell: the caller's unread notices, and marking one read. */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.notifications, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return unreadNotifications(app.db, request.user.id)
  })
  implement(app, endpoints.markNotificationRead, async (request) =>
    markNotificationRead(app.db, request.user.id, request.params.notificationId, app.now()),
  )
}
