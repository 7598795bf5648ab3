import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { getSetting } from '../settings/service'
import { findInvitationByToken, listInvitationsCreatedBy } from './repository'
import { canInvite, createInvitations, invitationStatus, mailInvitation, toInvitation } from './service'
import { signupRoutes } from './signup-routes'

/** Far beyond any token this server issues: a longer one is not looked up. */
const TOKEN_MAX = 200

export const invitationRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.listInvitations, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const rows = await listInvitationsCreatedBy(app.db, request.user.id)
    return rows.map((row) => toInvitation(row, app.config.PUBLIC_URL))
  })

  implement(app, endpoints.createInvitations, async (request) => {
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
  })

  implement(app, endpoints.validateInvitation, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const { token } = request.params
    const row = token.length <= TOKEN_MAX ? await findInvitationByToken(app.db, token) : undefined
    if (!row) throw new AppError(404, 'invitation_invalid', 'invitationInvalid')
    const status = invitationStatus(row)
    return {
      valid: status === 'pending',
      role: row.role,
      email: row.email,
      expiresAt: row.expiresAt.toISOString(),
      status,
    }
  })

  await app.register(signupRoutes)
}
