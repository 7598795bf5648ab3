import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../src/contract'
import { updateUserRow } from './repository'
import { loadUser } from './service'

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { me, updateLanguage } = endpoints

  app.route({
    method: me.method,
    url: me.path,
    onRequest: app.requireUser,
    schema: { response: { 200: me.response } },
    handler: async (request, reply) => {
      // Roles and completeness change under the SPA's feet (admin edits, other tabs): never cache.
      reply.header('cache-control', 'no-store')
      return loadUser(app.db, request.user, request.identity)
    },
  })

  app.route({
    method: updateLanguage.method,
    url: updateLanguage.path,
    onRequest: app.requireUser,
    schema: { body: updateLanguage.body, response: { 200: updateLanguage.response } },
    handler: async (request) => {
      const row = await updateUserRow(app.db, request.user.id, { language: request.body.languagePreference })
      return loadUser(app.db, row ?? request.user, request.identity)
    },
  })
}
