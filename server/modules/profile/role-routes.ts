import type { FastifyPluginAsync } from 'fastify'
import { endpoints, type Role } from '../../../src/contract'
import { implement } from '../../http/implement'
import { currentUserHandler } from '../users/current-user'
import { updateUserAndGroups } from '../users/groups'
import { normalizeRoles } from '../users/roles'
import { loadUser } from '../users/service'

/** Roles only an admin grants; self-service never adds or drops them. */
const GRANTED_ROLES: readonly Role[] = ['owner', 'admin']

export const roleRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.getRoles, currentUserHandler(app))

  implement(app, endpoints.putRoles, async (request) => {
    const held = request.user.roles.filter((role) => GRANTED_ROLES.includes(role))
    const roles = normalizeRoles([...held, ...request.body.roles])
    const row = await updateUserAndGroups(app, request.user, { roles })
    return loadUser(app.db, row, request.identity)
  })
}
