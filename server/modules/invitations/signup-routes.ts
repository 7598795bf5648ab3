import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { signUpWithInvitation } from './signup'

export const signupRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.signupWithInvitation, async (request) =>
    signUpWithInvitation(app, request.body, {
      language: request.body.languagePreference ?? request.language,
      t: request.t,
    }),
  )
}
