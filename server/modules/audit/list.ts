import { and, count, desc, eq, gte, ilike, lt, sql } from 'drizzle-orm'
import type { AuditEntry, AuditQuery } from '../../../src/contract'
import type { Database } from '../../db/client'
import { auditLog } from '../../db/schema'
import { readAll } from '../../db/reads'

type AuditRow = typeof auditLog.$inferSelect

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  targetLabel: row.targetLabel,
  before: row.before ?? null,
  after: row.after ?? null,
  reason: row.reason,
})

/** Typed text matches itself: % and _ are not wildcards. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A page of the log, newest first, narrowed by the query's filters (`to` includes its whole day, UTC). */
export async function listAudit(db: Database, query: AuditQuery) {
  const where = and(
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.targetType ? eq(auditLog.targetType, query.targetType) : undefined,
    query.actorEmail ? ilike(auditLog.actorEmail, contains(query.actorEmail)) : undefined,
    query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
    query.from ? gte(auditLog.createdAt, sql`${query.from}::date`) : undefined,
    query.to ? lt(auditLog.createdAt, sql`${query.to}::date + 1`) : undefined,
  )
  const [rows, totals] = await readAll(db, [
    () =>
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    () => db.select({ value: count() }).from(auditLog).where(where),
  ])
  return { items: rows.map(toEntry), total: totals[0]?.value ?? 0, page: query.page, pageSize: query.pageSize }
}
