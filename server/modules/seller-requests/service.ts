import type { FastifyInstance } from 'fastify'
import { isRowId, type AdminSellerRequest, type SellerRequestInput } from '../../../src/contract'
import type { Database } from '../../db/client'
import { AppError } from '../../http/errors'
import { recordAudit } from '../audit/record'
import { mailPhrase } from '../mail/templates'
import { createNotification } from '../notifications/service'
import { updateUserAndGroups } from '../users/groups'
import { findUserById, findUsersByIds, type UserRow } from '../users/repository'
import { isPrivileged, normalizeRoles } from '../users/roles'
import {
  activeAdmins,
  decideRequest,
  insertPendingRequest,
  personName,
  requestForUpdate,
  toAdminSellerRequest,
  type SellerRequestRow,
} from './repository'

/**
 * Seller access by approval (spec §6: the role is fixed by the invitation, so a buyer no longer takes the
 * seller role themselves). A buyer asks; every active admin hears of it in the bell; an admin approves (the
 * originator role is granted, groups and sockets follow) or declines with a reason; the requester gets a
 * notice and a mail in their language. Each decision and its audit entry commit together.
 */

/** A new request, and a bell notice for each active admin, in one transaction. */
export async function createSellerRequest(app: FastifyInstance, user: UserRow, input: SellerRequestInput) {
  if (isPrivileged(user.roles)) throw new AppError(409, 'already_seller', 'alreadySeller')
  return app.db.transaction(async (tx) => {
    const createdAt = app.now()
    const row = await insertPendingRequest(tx, { userId: user.id, ...input, createdAt })
    if (!row) throw new AppError(409, 'seller_request_pending', 'sellerRequestPending')
    const name = personName(user) ?? user.email
    for (const admin of await activeAdmins(tx)) {
      await createNotification(tx, {
        userId: admin.id,
        type: 'seller_request',
        title: name,
        message: await mailPhrase(admin.language, 'sellerRequest.notice_admin', { name, company: row.companyName }),
        senderName: name,
        createdAt,
      })
    }
    return row
  })
}

type Decision = { status: 'approved' } | { status: 'declined'; reason: string }

/** Approves or declines a pending request as `admin`; a decided one is 409, an unknown one 404. */
export async function decideSellerRequest(
  app: FastifyInstance,
  admin: UserRow,
  id: string,
  decision: Decision,
): Promise<AdminSellerRequest> {
  if (!isRowId(id)) throw notFound()
  return app.db.transaction(async (tx) => {
    const before = await requestForUpdate(tx, id)
    if (!before) throw notFound()
    if (before.status !== 'pending') throw new AppError(409, 'seller_request_decided', 'sellerRequestDecided')
    const requester = await findUserById(tx, before.userId)
    if (!requester) throw notFound()
    const reason = decision.status === 'declined' ? decision.reason : null
    const row = await decideRequest(tx, id, {
      status: decision.status,
      decidedBy: admin.id,
      decidedAt: app.now(),
      reason,
    })
    if (decision.status === 'approved') {
      const roles = normalizeRoles([...requester.roles, 'originator'])
      await updateUserAndGroups(app, requester, { roles }, { db: tx })
    }
    await recordAudit(
      tx,
      { id: admin.id, email: admin.email },
      {
        action: `seller_request.${decision.status === 'approved' ? 'approve' : 'decline'}`,
        targetType: 'seller_request',
        targetId: row.id,
        targetLabel: requester.email,
        before: { status: before.status, roles: requester.roles },
        after: {
          status: row.status,
          roles: decision.status === 'approved' ? normalizeRoles([...requester.roles, 'originator']) : requester.roles,
        },
        reason,
      },
    )
    await tellRequester(app, tx, requester, row)
    return toAdminSellerRequest(row, requester, admin)
  })
}

/** The requester hears of the decision: a bell notice and a mail, in their language. */
async function tellRequester(app: FastifyInstance, tx: Database, requester: UserRow, row: SellerRequestRow) {
  const approved = row.status === 'approved'
  const reason = row.reason ?? ''
  await createNotification(tx, {
    userId: requester.id,
    type: approved ? 'seller_request_approved' : 'seller_request_declined',
    title: approved ? 'Seller access approved' : 'Seller access declined',
    message: await mailPhrase(
      requester.language,
      approved ? 'sellerRequest.notice_approved' : 'sellerRequest.notice_declined',
      { reason },
    ),
    createdAt: row.decidedAt ?? app.now(),
  })
  await app.mail.send(
    {
      to: requester.email,
      template: approved ? 'sellerRequestApproved' : 'sellerRequestDeclined',
      language: requester.language,
      data: {
        name: requester.firstName ?? '',
        reason,
        link: `${app.config.PUBLIC_URL}${approved ? '/deals/new' : '/profile?tab=roles'}`,
      },
    },
    { db: tx },
  )
}

/** The requesters and deciders of `rows`, for the admins' list. */
export async function withPeople(db: Database, rows: SellerRequestRow[]): Promise<AdminSellerRequest[]> {
  const ids = [...new Set(rows.flatMap((row) => [row.userId, ...(row.decidedBy ? [row.decidedBy] : [])]))]
  const people = await findUsersByIds(db, ids)
  return rows.flatMap((row) => {
    const requester = people.get(row.userId)
    if (!requester) return []
    return [toAdminSellerRequest(row, requester, row.decidedBy ? people.get(row.decidedBy) : undefined)]
  })
}

const notFound = () => new AppError(404, 'seller_request_not_found', 'sellerRequestNotFound')
