import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client'
import { afterCommit } from '../../db/after-commit'
import { AppError } from '../../http/errors'
import { recordAudit, type AuditActor } from '../audit/record'
import { findPendingInvitationFor } from '../invitations/repository'
import { createInvitations, mailInvitation } from '../invitations/service'
import { lockWaitlistEntries, markWaitlistDeclined, markWaitlistInvited, type WaitlistRow } from './waitlist-repository'

/**
 * Admins let waiting people in (admin panel → Beta access): each gets an invitation for the role they asked
 * for, bound to their address (their open one again, if they have one), mailed in their language once the
 * transaction commits; the entry is marked invited and the action audited (`waitlist.invite`), all or
 * nothing. The route holds a batch to the invitation batch limit.
 */
export async function inviteWaitlistEntries(
  app: FastifyInstance,
  ids: readonly string[],
  actor: AuditActor,
): Promise<WaitlistRow[]> {
  const unique = [...new Set(ids)]
  return app.db.transaction(async (tx) => {
    const entries = await lockWaitlistEntries(tx, unique)
    if (entries.length !== unique.length) throw new AppError(404, 'not_found', 'waitlistEntryNotFound')
    const invited: WaitlistRow[] = []
    for (const entry of entries) invited.push(await inviteOne(app, tx, entry, actor))
    return invited
  })
}

async function inviteOne(app: FastifyInstance, tx: Database, entry: WaitlistRow, actor: AuditActor) {
  const invitation =
    (await findPendingInvitationFor(tx, entry.email)) ??
    (await createInvitations(tx, { role: entry.role, count: 1, email: entry.email, createdBy: actor.id }))[0]
  if (!invitation) throw new Error('No invitation was created')
  const row = (await markWaitlistInvited(tx, { id: entry.id }, invitation.id)) ?? entry
  await recordAudit(tx, actor, {
    action: 'waitlist.invite',
    targetType: 'waitlist',
    targetId: entry.id,
    targetLabel: entry.email,
    before: { invitedAt: entry.invitedAt, declinedAt: entry.declinedAt },
    after: { invitedAt: row.invitedAt, invitationId: invitation.id, role: invitation.role },
  })
  await afterCommit(tx, () => mailInvitation(app, entry.email, invitation, entry.language, entry.firstName))
  return row
}

/**
 * An admin declines a request: declinedAt is set, the action audited (`waitlist.decline`) and, once that
 * commits, the person is told politely by mail in their language. Someone already invited is not declined
 * (revoke their invitation instead); declining twice changes nothing and mails nothing.
 */
export async function declineWaitlistEntry(app: FastifyInstance, id: string, actor: AuditActor): Promise<WaitlistRow> {
  return app.db.transaction(async (tx) => {
    const [entry] = await lockWaitlistEntries(tx, [id])
    if (!entry) throw new AppError(404, 'not_found', 'waitlistEntryNotFound')
    if (entry.declinedAt) return entry
    if (entry.invitedAt) throw new AppError(409, 'already_invited', 'waitlistAlreadyInvited')
    const row = (await markWaitlistDeclined(tx, entry.id)) ?? entry
    await recordAudit(tx, actor, {
      action: 'waitlist.decline',
      targetType: 'waitlist',
      targetId: entry.id,
      targetLabel: entry.email,
      before: { declinedAt: null },
      after: { declinedAt: row.declinedAt },
    })
    await afterCommit(tx, () =>
      app.mail
        .send({
          to: entry.email,
          template: 'waitlistDeclined',
          language: entry.language,
          data: { name: entry.firstName },
        })
        .then(() => undefined),
    )
    return row
  })
}
