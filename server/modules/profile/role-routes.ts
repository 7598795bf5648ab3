import type { FastifyPluginAsync } from 'fastify'
import { endpoints, type Role } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { currentUserHandler } from '../users/current-user'
import { updateUserAndGroups } from '../users/groups'
import { normalizeRoles } from '../users/roles'
import { loadUser } from '../users/service'

/** Roles only an admin grants; self-service never drops them. */
const GRANTED_ROLES: readonly Role[] = ['owner', 'admin']

/** The one role a person may add for themselves: the seller role comes by approval, owner and admin from an admin. */
const SELF_ADDED: readonly Role[] = ['buyer']

export const roleRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.getRoles, currentUserHandler(app))

  implement(app, endpoints.putRoles, async (request) => {
    const held = request.user.roles
    // Spec §6: the role is fixed by the invitation; a seller role is asked for (seller requests) and granted
    // by an admin, never taken here.
    const taken = request.body.roles.find((role) => !held.includes(role) && !SELF_ADDED.includes(role))
    if (taken) {
      const key = taken === 'originator' ? 'sellerRoleByRequest' : 'roleGrantedByAdmin'
      throw new AppError(403, 'role_not_self_service', key, { fields: { roles: request.t(`errors:${key}`) } })
    }
    const kept = held.filter((role) => GRANTED_ROLES.includes(role))
    const roles = normalizeRoles([...kept, ...request.body.roles])
    const row = await updateUserAndGroups(app, request.user, { roles })
    return loadUser(app.db, row, request.identity)
  })
}
