import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints, type Role } from '../../../src/contract'
import { currentUserHandler } from '../users/current-user'
import { mirrorGroups } from '../users/groups'
import { updateUserRow } from '../users/repository'
import { normalizeRoles } from '../users/roles'
import { loadUser } from '../users/service'

/** Roles only an admin grants; self-service never adds or drops them. */
const GRANTED_ROLES: readonly Role[] = ['owner', 'admin']

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { getRoles, putRoles } = endpoints

  app.route({
    method: getRoles.method,
    url: getRoles.path,
    onRequest: app.requireUser,
    schema: { response: { 200: getRoles.response } },
    handler: currentUserHandler(app),
  })

  app.route({
    method: putRoles.method,
    url: putRoles.path,
    onRequest: app.requireUser,
    schema: { body: putRoles.body, response: { 200: putRoles.response } },
    handler: async (request) => {
      const held = request.user.roles.filter((role) => GRANTED_ROLES.includes(role))
      const roles = normalizeRoles([...held, ...request.body.roles])
      const row = await app.db.transaction(async (tx) => {
        const updated = (await updateUserRow(tx, request.user.id, { roles })) ?? request.user
        await mirrorGroups(app, updated, tx)
        return updated
      })
      return loadUser(app.db, row, request.identity)
    },
  })
}
