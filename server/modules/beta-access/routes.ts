import type { FastifyPluginAsync } from 'fastify'
import { endpoints, isRowId } from '../../../src/contract'
import type { Database } from '../../db/client'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { readAll } from '../../db/reads'
import { declineWaitlistEntry, inviteWaitlistEntries } from '../access/waitlist-admin'
import { countWaiting, toWaitlistEntry } from '../access/waitlist-repository'
import { resendInvitation, revokeInvitation, toAdminInvitation } from '../invitations/admin'
import { countPendingInvitations, listAllInvitations } from '../invitations/repository'
import { getSetting, putAccessLimits } from '../settings/service'
import { countActiveUsers } from '../users/repository'

async function accessSummary(db: Database) {
  const [limits, members, pendingInvitations, waiting] = await readAll(db, [
    () => getSetting(db, 'access'),
    () => countActiveUsers(db),
    () => countPendingInvitations(db),
    () => countWaiting(db),
  ])
  return { ...limits, members, pendingInvitations, waiting }
}

const checkedId = (id: string, notFound: string) => {
  if (!isRowId(id)) throw new AppError(404, 'not_found', notFound)
  return id
}

/**
 * The admin panel's Beta access section: members against capacity, the waitlist's invite and decline, every
 * invitation with resend and revoke. Owners and admins read; changes are admin-only (the contract's roles),
 * each audited in its transaction.
 */
export const betaAccessRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.adminAccessSummary, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return accessSummary(app.db)
  })

  implement(app, endpoints.adminPutAccessLimits, async (request) => {
    await putAccessLimits(app.db, request.body, request.user)
    return accessSummary(app.db)
  })

  implement(app, endpoints.adminInviteWaitlist, async (request) => {
    const { ids } = request.body
    const { invitationBatchLimit } = await getSetting(app.db, 'access')
    if (new Set(ids).size > invitationBatchLimit) {
      throw new AppError(400, 'invalid_input', 'invalidInput', {
        fields: { ids: request.t('validation:waitlistBatchLimit', { maximum: invitationBatchLimit }) },
      })
    }
    const rows = await inviteWaitlistEntries(app, ids, request.user)
    return { entries: rows.map(toWaitlistEntry) }
  })

  implement(app, endpoints.adminDeclineWaitlist, async (request) => {
    const id = checkedId(request.params.id, 'waitlistEntryNotFound')
    return toWaitlistEntry(await declineWaitlistEntry(app, id, request.user))
  })

  implement(app, endpoints.adminInvitations, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const { page, pageSize } = request.query
    const { rows, total } = await listAllInvitations(app.db, page, pageSize)
    const now = new Date()
    return { items: rows.map((row) => toAdminInvitation(row, now)), total, page, pageSize }
  })

  implement(app, endpoints.adminResendInvitation, async (request) =>
    resendInvitation(app, checkedId(request.params.id, 'invitationNotFound'), request.user),
  )

  implement(app, endpoints.adminRevokeInvitation, async (request) =>
    revokeInvitation(app, checkedId(request.params.id, 'invitationNotFound'), request.user),
  )
}
