import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { currentUserHandler, updateCurrentUser } from './current-user'

export const userRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.me, currentUserHandler(app))
  implement(app, endpoints.updateLanguage, async (request) =>
    updateCurrentUser(app, request, { language: request.body.languagePreference }),
  )
}
