import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { currentUserHandler, updateCurrentUser } from './current-user'
import { pageSessionRoutes } from './page-session'

export const userRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.me, currentUserHandler(app))
  await pageSessionRoutes(app)
  implement(app, endpoints.updateLanguage, async (request) =>
    updateCurrentUser(app, request, { language: request.body.languagePreference }),
  )
}
