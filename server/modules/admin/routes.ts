import type { FastifyPluginAsync } from 'fastify'
import { isRowId, endpoints, type AdminUser } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { getAdminSettings, putAdminSettings } from '../settings/service'
import { updateUserAndGroups } from '../users/groups'
import { findUserById, searchUserRows, type UserPatch, type UserRow } from '../users/repository'
import { hasAllAccess, normalizeRoles } from '../users/roles'

const toAdminUser = (row: UserRow): AdminUser =>
  ({
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: normalizeRoles(row.roles),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }) satisfies AdminUser

/** Accounts and settings: owners see the accounts (spec §6), only admins change anything (the contract's roles). */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.adminUsers, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const { q, page, pageSize } = request.query
    const { rows, total } = await searchUserRows(app.db, { q: q || undefined, page, pageSize })
    return { items: rows.map(toAdminUser), total, page, pageSize }
  })

  implement(app, endpoints.adminUpdateUser, async (request) => {
    const target = isRowId(request.params.id) ? await findUserById(app.db, request.params.id) : undefined
    if (!target) throw new AppError(404, 'not_found', 'userNotFound')
    const { roles, status } = request.body
    const patch: UserPatch = {}
    if (roles) patch.roles = normalizeRoles(roles)
    if (status) patch.status = status

    // An admin or owner locking themself out of this panel would leave nobody able to undo it.
    const isSelf = target.id === request.user.id
    if (isSelf && (status === 'deactivated' || (patch.roles && !hasAllAccess(patch.roles)))) {
      throw new AppError(409, 'cannot_change_self', 'cannotChangeOwnAccount')
    }

    // Deactivation takes effect at once: the identity provider refuses the person's sign-ins and refreshes
    // ("User is disabled."), their sockets are closed, and their next call answers 403 account_deactivated,
    // on which the SPA signs them out with that notice. Their sessions are refused rather than revoked,
    // since a revoked token is a 401 and they would be told their session expired instead of why.
    return toAdminUser(await updateUserAndGroups(app, target, patch))
  })

  implement(app, endpoints.adminGetSettings, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return getAdminSettings(app.db)
  })

  implement(app, endpoints.adminPutSettings, async (request) => putAdminSettings(app.db, request.body, request.user))
}
