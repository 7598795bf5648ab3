import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { messageMember } from './conversation'
import { ownersLocations } from './locations'

/** The Owners Club (issue 26): sellers, owners and admins (the contract's roles; others 403). */
export const ownersClubRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.ownersLocations, async () => ownersLocations(app.db))
  implement(app, endpoints.startMemberConversation, async (request) =>
    messageMember(app, request.user, request.params.userId, request.body.message),
  )
}
