import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { invitations, users } from '../../db/schema'
import { readAll } from '../../db/reads'

export type InvitationRow = typeof invitations.$inferSelect
export type NewInvitationRow = typeof invitations.$inferInsert

/** How many of a creator's invitations GET /api/invitations lists (newest first). */
export const LISTED_INVITATIONS = 200

export async function insertInvitations(db: Database, values: NewInvitationRow[]): Promise<InvitationRow[]> {
  if (values.length === 0) return []
  return db.insert(invitations).values(values).returning()
}

export async function findInvitationByToken(db: Database, token: string): Promise<InvitationRow | undefined> {
  const rows = await db.select().from(invitations).where(eq(invitations.token, token)).limit(1)
  return rows[0]
}

export async function listInvitationsCreatedBy(db: Database, userId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(eq(invitations.createdBy, userId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(LISTED_INVITATIONS)
}

/** Not used, not revoked, not expired: invitationStatus's `pending` in SQL. */
export const isPending = () =>
  and(isNull(invitations.usedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`))

export async function countPendingInvitations(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(invitations).where(isPending())
  return row?.value ?? 0
}

/** The newest pending invitation made for one address, so asking twice re-sends it. */
export async function findPendingInvitationFor(db: Database, email: string): Promise<InvitationRow | undefined> {
  const rows = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.email, email), isPending()))
    .orderBy(desc(invitations.createdAt))
    .limit(1)
  return rows[0]
}

/** The invitation row locked for this transaction, so two sign-ups on one link run one after the other. */
export async function lockInvitationByToken(db: Database, token: string): Promise<InvitationRow | undefined> {
  const rows = await db.select().from(invitations).where(eq(invitations.token, token)).limit(1).for('update')
  return rows[0]
}

export async function markInvitationUsed(db: Database, id: string, userId: string): Promise<void> {
  await db
    .update(invitations)
    .set({ usedAt: sql`now()`, usedBy: userId })
    .where(eq(invitations.id, id))
}

/** The invitation row locked for this transaction (an admin resending or revoking it). */
export async function lockInvitationById(db: Database, id: string): Promise<InvitationRow | undefined> {
  const rows = await db.select().from(invitations).where(eq(invitations.id, id)).limit(1).for('update')
  return rows[0]
}

export async function updateInvitation(
  db: Database,
  id: string,
  patch: Partial<Pick<InvitationRow, 'revokedAt' | 'resentAt'>>,
): Promise<InvitationRow> {
  const [row] = await db.update(invitations).set(patch).where(eq(invitations.id, id)).returning()
  if (!row) throw new Error(`Invitation ${id} vanished inside its transaction`)
  return row
}

/** Every invitation, newest first, with who made it (admin panel → Beta access). */
export async function listAllInvitations(db: Database, page: number, pageSize: number) {
  const [rows, totals] = await readAll(db, [
    () =>
      db
        .select({
          invitation: invitations,
          sender: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
        })
        .from(invitations)
        .leftJoin(users, eq(users.id, invitations.createdBy))
        .orderBy(desc(invitations.createdAt), desc(invitations.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    () => db.select({ value: count() }).from(invitations),
  ])
  return { rows, total: totals[0]?.value ?? 0 }
}

export type ListedInvitation = Awaited<ReturnType<typeof listAllInvitations>>['rows'][number]
