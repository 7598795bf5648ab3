import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { auditLog } from '../../db/schema'
import type { AuditTargetType } from '../../../src/contract'

/**
 * The slugs of seeded rows an admin deleted (their `<action>` audit entries, append-only, keep the slug in
 * `before.slug` or as the target id), so a seed run at the next start does not bring them back.
 */
export async function deletedSlugs(tx: Database, action: string, targetType: AuditTargetType): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: sql<string | null>`coalesce(${auditLog.before} ->> 'slug', ${auditLog.targetId})` })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetType, targetType)))
  return new Set(rows.map((row) => row.slug).filter((slug): slug is string => Boolean(slug)))
}
