import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../src/contract'
import { currentUserHandler, updateCurrentUser } from './current-user'

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { me, updateLanguage } = endpoints

  app.route({
    method: me.method,
    url: me.path,
    onRequest: app.requireUser,
    schema: { response: { 200: me.response } },
    handler: currentUserHandler(app),
  })

  app.route({
    method: updateLanguage.method,
    url: updateLanguage.path,
    onRequest: app.requireUser,
    schema: { body: updateLanguage.body, response: { 200: updateLanguage.response } },
    handler: async (request) => updateCurrentUser(app, request, { language: request.body.languagePreference }),
  })
}
