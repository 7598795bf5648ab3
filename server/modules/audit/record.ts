import type { Database } from '../../db/client'
import { auditLog } from '../../db/schema'
import type { AuditTargetType } from '../../../src/contract'

/** Who acted: the signed-in admin or owner making the change. */
export type AuditActor = { id: string; email: string }

export type AuditEntry = {
  /** What was done, `<target>.<verb>`: `user.roles`, `user.status`, `settings.update`, `waitlist.invite`… */
  action: string
  targetType: AuditTargetType
  targetId?: string | null
  /** A short label of the target as it was (an e-mail, a title), so the list reads without lookups. */
  targetLabel?: string | null
  before?: unknown
  after?: unknown
  reason?: string | null
}

/**
 * Records one admin action. Pass the transaction that makes the change: the entry and the change commit
 * together or not at all. Entries are append-only (a database trigger refuses UPDATE and DELETE).
 */
export async function recordAudit(db: Database, actor: AuditActor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    targetLabel: entry.targetLabel ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  })
}
