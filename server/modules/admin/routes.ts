import type { FastifyPluginAsync } from 'fastify'
import { isRowId, endpoints } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { recordAudit, type AuditActor } from '../audit/record'
import { getAdminSettings, putAdminSettings } from '../settings/service'
import { updateUserAndGroups } from '../users/groups'
import { findUserById, searchUserRows, type UserPatch } from '../users/repository'
import { hasAllAccess, normalizeRoles } from '../users/roles'
import { toAdminUser, userDetail } from './user-detail'

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((r) => b.includes(r))

/** Accounts and settings: owners see the accounts (spec §6), only admins change anything (the contract's roles). */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.adminUsers, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const { q, role, status, sort, dir, page, pageSize } = request.query
    const { rows, total } = await searchUserRows(app.db, { q: q || undefined, role, status, sort, dir, page, pageSize })
    return { items: rows.map(toAdminUser), total, page, pageSize }
  })

  implement(app, endpoints.adminUser, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const row = isRowId(request.params.id) ? await findUserById(app.db, request.params.id) : undefined
    if (!row) throw new AppError(404, 'not_found', 'userNotFound')
    return userDetail(app.db, row)
  })

  implement(app, endpoints.adminUpdateUser, async (request) => {
    const target = isRowId(request.params.id) ? await findUserById(app.db, request.params.id) : undefined
    if (!target) throw new AppError(404, 'not_found', 'userNotFound')
    const { roles, status, reason } = request.body
    const patch: UserPatch = {}
    if (roles) patch.roles = normalizeRoles(roles)
    if (status) patch.status = status
    // The reason is kept while the account is deactivated and cleared when it is reactivated.
    if (status === 'deactivated') patch.deactivationReason = reason ?? null
    if (status === 'active') patch.deactivationReason = null

    // An admin or owner locking themself out of this panel would leave nobody able to undo it.
    const isSelf = target.id === request.user.id
    if (isSelf && (status === 'deactivated' || (patch.roles && !hasAllAccess(patch.roles)))) {
      throw new AppError(409, 'cannot_change_self', 'cannotChangeOwnAccount')
    }

    // Deactivation takes effect at once: the identity provider refuses the person's sign-ins and refreshes
    // ("User is disabled."), their sockets are closed, and their next call answers 403 account_deactivated,
    // on which the SPA signs them out with that notice. Their sessions are refused rather than revoked,
    // since a revoked token is a 401 and they would be told their session expired instead of why.
    const actor: AuditActor = { id: request.user.id, email: request.user.email }
    const updated = await updateUserAndGroups(app, target, patch, {
      alsoInTransaction: async (tx, row) => {
        const subject = { targetType: 'user' as const, targetId: target.id, targetLabel: target.email }
        const before = normalizeRoles(target.roles)
        if (patch.roles && !sameRoles(before, row.roles)) {
          await recordAudit(tx, actor, { ...subject, action: 'user.roles', before, after: normalizeRoles(row.roles) })
        }
        if (status && status !== target.status) {
          await recordAudit(tx, actor, {
            ...subject,
            action: 'user.status',
            before: target.status,
            after: status,
            reason: status === 'deactivated' ? (reason ?? null) : null,
          })
        }
      },
    })
    return toAdminUser(updated)
  })

  implement(app, endpoints.adminGetSettings, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return getAdminSettings(app.db)
  })

  implement(app, endpoints.adminPutSettings, async (request) => putAdminSettings(app.db, request.body, request.user))
}
