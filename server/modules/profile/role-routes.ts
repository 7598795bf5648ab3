import type { FastifyPluginAsync } from 'fastify'
import { endpoints, type Role } from '../../../src/contract'
import { implement } from '../../http/implement'
import { currentUserHandler } from '../users/current-user'
import { mirrorGroups } from '../users/groups'
import { updateUserRow } from '../users/repository'
import { normalizeRoles } from '../users/roles'
import { loadUser } from '../users/service'

/** Roles only an admin grants; self-service never adds or drops them. */
const GRANTED_ROLES: readonly Role[] = ['owner', 'admin']

export const roleRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.getRoles, currentUserHandler(app))

  implement(app, endpoints.putRoles, async (request) => {
    const held = request.user.roles.filter((role) => GRANTED_ROLES.includes(role))
    const roles = normalizeRoles([...held, ...request.body.roles])
    const row = await app.db.transaction(async (tx) => {
      const updated = (await updateUserRow(tx, request.user.id, { roles })) ?? request.user
      await mirrorGroups(app, updated, tx)
      return updated
    })
    return loadUser(app.db, row, request.identity)
  })
}
