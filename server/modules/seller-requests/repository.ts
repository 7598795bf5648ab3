import { and, arrayContains, count, desc, eq } from 'drizzle-orm'
import type { AdminSellerRequest, SellerRequest, SellerRequestStatus } from '../../../src/contract'
import type { Database } from '../../db/client'
import { sellerRequests, users } from '../../db/schema'
import { readAll } from '../../db/reads'
import type { UserRow } from '../users/repository'

export type SellerRequestRow = typeof sellerRequests.$inferSelect
type Person = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>

export const personName = (user: Pick<UserRow, 'firstName' | 'lastName'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || null

const person = (user: Person) => ({ id: user.id, email: user.email, name: personName(user) })

export const toSellerRequest = (row: SellerRequestRow): SellerRequest => ({
  id: row.id,
  companyName: row.companyName,
  phone: row.phone,
  sells: row.sells,
  note: row.note,
  status: row.status,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
})

export const toAdminSellerRequest = (
  row: SellerRequestRow,
  requester: Person,
  decidedBy: Person | undefined,
): AdminSellerRequest => ({
  ...toSellerRequest(row),
  requester: person(requester),
  decidedBy: decidedBy ? person(decidedBy) : null,
})

/** The person's latest request (any status), or none. */
export async function latestRequestOf(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(sellerRequests)
    .where(eq(sellerRequests.userId, userId))
    .orderBy(desc(sellerRequests.createdAt), desc(sellerRequests.id))
    .limit(1)
  return row
}

/**
 * Adds a pending request; undefined when the person already has one pending (the unique partial index
 * `seller_requests_one_pending_key` decides, so two requests sent at once cannot both get in).
 */
export async function insertPendingRequest(
  db: Database,
  values: Pick<SellerRequestRow, 'userId' | 'companyName' | 'phone' | 'sells' | 'note' | 'createdAt'>,
) {
  const [row] = await db.insert(sellerRequests).values(values).onConflictDoNothing().returning()
  return row
}

/** One request, locked for the decision about it. */
export async function requestForUpdate(db: Database, id: string) {
  const [row] = await db.select().from(sellerRequests).where(eq(sellerRequests.id, id)).for('update')
  return row
}

export async function decideRequest(
  db: Database,
  id: string,
  decision: { status: 'approved' | 'declined'; decidedBy: string; decidedAt: Date; reason: string | null },
) {
  const [row] = await db.update(sellerRequests).set(decision).where(eq(sellerRequests.id, id)).returning()
  if (!row) throw new Error('Seller request vanished while deciding it')
  return row
}

/** Newest first, optionally of one status, with who asked and who decided. */
export async function listRequests(
  db: Database,
  { status, page, pageSize }: { status?: SellerRequestStatus | undefined; page: number; pageSize: number },
) {
  const where = status ? eq(sellerRequests.status, status) : undefined
  const [rows, [total]] = await readAll(db, [
    () =>
      db
        .select()
        .from(sellerRequests)
        .where(where)
        .orderBy(desc(sellerRequests.createdAt), desc(sellerRequests.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    () => db.select({ n: count() }).from(sellerRequests).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** The active admins, who hear of each new request. */
export async function activeAdmins(db: Database) {
  return db
    .select()
    .from(users)
    .where(and(arrayContains(users.roles, ['admin']), eq(users.status, 'active')))
}
