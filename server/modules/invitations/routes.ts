import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { endpoints } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { getSetting } from '../settings/service'
import { findInvitationByToken, listInvitationsCreatedBy } from './repository'
import { canInvite, createInvitations, invitationStatus, mailInvitation, toInvitation } from './service'
import { signupRoutes } from './signup-routes'

const TokenParamsSchema = z.object({ token: z.string().max(200) })

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { listInvitations, createInvitations: create, validateInvitation } = endpoints

  app.route({
    method: listInvitations.method,
    url: listInvitations.path,
    onRequest: app.requireUser,
    schema: { response: { 200: listInvitations.response } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const rows = await listInvitationsCreatedBy(app.db, request.user.id)
      return rows.map((row) => toInvitation(row, app.config.PUBLIC_URL))
    },
  })

  app.route({
    method: create.method,
    url: create.path,
    onRequest: [app.requireUser, app.requireRole('originator')],
    schema: { body: create.body, response: { 200: create.response } },
    handler: async (request) => {
      const { role, count, email } = request.body
      if (!canInvite(request.user.roles, role)) {
        throw new AppError(403, 'forbidden', 'invitationRoleNotAllowed', {
          fields: { role: request.t('errors:invitationRoleNotAllowed') },
        })
      }
      const { invitationBatchLimit } = await getSetting(app.db, 'access')
      if (count > invitationBatchLimit) {
        throw new AppError(400, 'invalid_input', 'invalidInput', {
          fields: { count: request.t('validation:invitationBatchLimit', { maximum: invitationBatchLimit }) },
        })
      }
      // An invitation fixed to one address is one link; a batch is for sharing by hand.
      if (email && count > 1) {
        throw new AppError(400, 'invalid_input', 'invalidInput', {
          fields: { count: request.t('validation:invitationOneForEmail') },
        })
      }
      const rows = await createInvitations(app.db, { role, count, email, createdBy: request.user.id })
      if (email && rows[0]) await mailInvitation(app, email, rows[0], request.user.language)
      return rows.map((row) => toInvitation(row, app.config.PUBLIC_URL))
    },
  })

  app.route({
    method: validateInvitation.method,
    url: validateInvitation.path,
    schema: { params: TokenParamsSchema, response: { 200: validateInvitation.response } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const row = await findInvitationByToken(app.db, request.params.token)
      if (!row) throw new AppError(404, 'invitation_invalid', 'invitationInvalid')
      const status = invitationStatus(row)
      return {
        valid: status === 'pending',
        role: row.role,
        email: row.email,
        expiresAt: row.expiresAt.toISOString(),
        status,
      }
    },
  })

  await app.register(signupRoutes)
}
