import type { FastifyInstance } from 'fastify'
import type { AdminInvitation, Language } from '../../../src/contract'
import type { Database } from '../../db/client'
import { afterCommit } from '../../db/after-commit'
import { AppError } from '../../http/errors'
import { findWaitlistEntryForInvitation } from '../access/waitlist-repository'
import { recordAudit, type AuditActor } from '../audit/record'
import { findUserById } from '../users/repository'
import { lockInvitationById, updateInvitation, type InvitationRow, type ListedInvitation } from './repository'
import { invitationStatus, mailInvitation } from './service'

const iso = (value: Date | null) => (value ? value.toISOString() : null)
const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null

/** An invitation as the admin panel lists it: no token, who sent it. */
export function toAdminInvitation({ invitation: row, sender }: ListedInvitation, now = new Date()): AdminInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: invitationStatus(row, now),
    sentBy: sender ? { id: sender.id, email: sender.email, name: fullName(sender.firstName, sender.lastName) } : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: iso(row.usedAt),
    revokedAt: iso(row.revokedAt),
    resentAt: iso(row.resentAt),
  } satisfies AdminInvitation
}

async function withSender(db: Database, invitation: InvitationRow): Promise<AdminInvitation> {
  const sender = invitation.createdBy ? await findUserById(db, invitation.createdBy) : undefined
  return toAdminInvitation({ invitation, sender: sender ?? null })
}

/** The invitation locked, refused unless it is still pending (resend and revoke act on pending ones only). */
async function lockPending(db: Database, id: string): Promise<InvitationRow> {
  const row = await lockInvitationById(db, id)
  if (!row) throw new AppError(404, 'not_found', 'invitationNotFound')
  if (invitationStatus(row) !== 'pending') throw new AppError(409, 'invitation_not_pending', 'invitationNotPending')
  return row
}

/**
 * Mails a pending invitation again (the same link; its expiry stays) in the invitee's language: the one they
 * asked in from the waitlist, else the admin's. Sets resentAt and audits `invitation.resend`.
 */
export async function resendInvitation(
  app: FastifyInstance,
  id: string,
  actor: AuditActor & { language: Language },
): Promise<AdminInvitation> {
  return app.db.transaction(async (tx) => {
    const row = await lockPending(tx, id)
    const email = row.email
    if (!email) throw new AppError(409, 'invitation_without_email', 'invitationWithoutEmail')
    const entry = await findWaitlistEntryForInvitation(tx, row.id)
    const updated = await updateInvitation(tx, row.id, { resentAt: new Date() })
    await recordAudit(tx, actor, {
      action: 'invitation.resend',
      targetType: 'invitation',
      targetId: row.id,
      targetLabel: email,
      before: { resentAt: row.resentAt },
      after: { resentAt: updated.resentAt },
    })
    await afterCommit(tx, () =>
      mailInvitation(app, email, updated, entry?.language ?? actor.language, entry?.firstName),
    )
    return withSender(tx, updated)
  })
}

/** Withdraws a pending invitation: its link then signs no one up (as an expired one). Audits `invitation.revoke`. */
export async function revokeInvitation(app: FastifyInstance, id: string, actor: AuditActor): Promise<AdminInvitation> {
  return app.db.transaction(async (tx) => {
    const row = await lockPending(tx, id)
    const updated = await updateInvitation(tx, row.id, { revokedAt: new Date() })
    await recordAudit(tx, actor, {
      action: 'invitation.revoke',
      targetType: 'invitation',
      targetId: row.id,
      targetLabel: row.email,
      before: { status: 'pending' },
      after: { status: 'revoked', revokedAt: updated.revokedAt },
    })
    return withSender(tx, updated)
  })
}
