import { asc, count, eq } from 'drizzle-orm'
import type { WaitlistEntry } from '../../../src/contract'
import type { Database } from '../../db/client'
import { waitlist } from '../../db/schema'

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
    .set({ invitedAt: new Date(), invitationId })
    .where('id' in where ? eq(waitlist.id, where.id) : eq(waitlist.email, where.email))
    .returning()
  return rows[0]
}

/** First come, first served: the oldest request first. */
export async function listWaitlist(db: Database, page: number, pageSize: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(waitlist)
      .orderBy(asc(waitlist.createdAt), asc(waitlist.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(waitlist),
  ])
  return { rows, total: totals[0]?.value ?? 0 }
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
  }) satisfies WaitlistEntry
