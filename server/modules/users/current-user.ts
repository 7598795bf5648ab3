import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { User } from '../../../src/contract'
import { updateUserRow, type UserPatch } from './repository'
import { loadUser } from './service'

/** Handler for the routes that answer the caller's own account (after app.requireUser). */
export function currentUserHandler(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<User> => {
    // Roles and completeness change under the SPA's feet (admin edits, other tabs): never cache.
    reply.header('cache-control', 'no-store')
    return loadUser(app.db, request.user, request.identity)
  }
}

/** Saves a change to the caller's own row and answers their account as it now is. */
export async function updateCurrentUser(
  app: FastifyInstance,
  request: FastifyRequest,
  patch: UserPatch,
): Promise<User> {
  const row = await updateUserRow(app.db, request.user.id, patch)
  return loadUser(app.db, row ?? request.user, request.identity)
}
