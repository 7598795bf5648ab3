import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { WaitlistEntry } from '../../../src/contract'
import type { Database } from '../../db/client'
import { waitlist } from '../../db/schema'
import { readAll } from '../../db/reads'

export type WaitlistRow = typeof waitlist.$inferSelect
export type NewWaitlistRow = typeof waitlist.$inferInsert

/** Adds an address once; answers the new row, or undefined when it was already waiting. */
export async function addToWaitlist(db: Database, values: NewWaitlistRow): Promise<WaitlistRow | undefined> {
  const rows = await db.insert(waitlist).values(values).onConflictDoNothing({ target: waitlist.email }).returning()
  return rows[0]
}

export async function findWaitlistEntry(db: Database, id: string): Promise<WaitlistRow | undefined> {
  const rows = await db.select().from(waitlist).where(eq(waitlist.id, id)).limit(1)
  return rows[0]
}

export async function markWaitlistInvited(
  db: Database,
  where: { id: string } | { email: string },
  invitationId: string,
): Promise<WaitlistRow | undefined> {
  const rows = await db
    .update(waitlist)
    .set({ invitedAt: new Date(), invitationId, declinedAt: null })
    .where('id' in where ? eq(waitlist.id, where.id) : eq(waitlist.email, where.email))
    .returning()
  return rows[0]
}

/** First come, first served: the oldest request first; `q` matches e-mail, first, last or full name. */
export async function listWaitlist(db: Database, page: number, pageSize: number, q?: string) {
  const where = q ? matching(q) : undefined
  const [rows, totals] = await readAll(db, [
    () =>
      db
        .select()
        .from(waitlist)
        .where(where)
        .orderBy(asc(waitlist.createdAt), asc(waitlist.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    () => db.select({ value: count() }).from(waitlist).where(where),
  ])
  return { rows, total: totals[0]?.value ?? 0 }
}

function matching(q: string): SQL | undefined {
  // The search box is plain text: % and _ typed by the admin must match themselves.
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return or(
    ilike(waitlist.email, pattern),
    ilike(waitlist.firstName, pattern),
    ilike(waitlist.lastName, pattern),
    ilike(sql`${waitlist.firstName} || ' ' || ${waitlist.lastName}`, pattern),
  )
}

/** Entries neither invited nor declined. */
export async function countWaiting(db: Database): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(waitlist)
    .where(and(isNull(waitlist.invitedAt), isNull(waitlist.declinedAt)))
  return row?.value ?? 0
}

/** The entries locked for this transaction, so two admins acting on one person run one after the other. */
export async function lockWaitlistEntries(db: Database, ids: readonly string[]): Promise<WaitlistRow[]> {
  if (ids.length === 0) return []
  return db
    .select()
    .from(waitlist)
    .where(or(...ids.map((id) => eq(waitlist.id, id))))
    .orderBy(asc(waitlist.createdAt), asc(waitlist.id))
    .for('update')
}

export async function markWaitlistDeclined(db: Database, id: string): Promise<WaitlistRow | undefined> {
  const rows = await db.update(waitlist).set({ declinedAt: new Date() }).where(eq(waitlist.id, id)).returning()
  return rows[0]
}

/** The entry an invitation was made for, if it came from the waitlist (its language, its name). */
export async function findWaitlistEntryForInvitation(db: Database, invitationId: string) {
  const rows = await db.select().from(waitlist).where(eq(waitlist.invitationId, invitationId)).limit(1)
  return rows[0]
}

export const toWaitlistEntry = (row: WaitlistRow): WaitlistEntry =>
  ({
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    invitedAt: row.invitedAt ? row.invitedAt.toISOString() : null,
    declinedAt: row.declinedAt ? row.declinedAt.toISOString() : null,
  }) satisfies WaitlistEntry
