import { and, count, desc, eq, isNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { AdminUser, AdminUserDetail } from '../../../src/contract'
import type { Database } from '../../db/client'
import { dealInterests, deals, invitations, offers, users } from '../../db/schema'
import { readAll } from '../../db/reads'
import type { UserRow } from '../users/repository'
import { normalizeRoles } from '../users/roles'

export const toAdminUser = (row: UserRow): AdminUser =>
  ({
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: normalizeRoles(row.roles),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  }) satisfies AdminUser

const sender = alias(users, 'sender')

/** The user page's facts: the invitation they signed up with (and its sender) and what they did, counted. */
export async function userDetail(db: Database, row: UserRow): Promise<AdminUserDetail> {
  const [invitation, listings, made, interested] = await readAll(db, [
    () =>
      db
        .select({
          id: invitations.id,
          role: invitations.role,
          sentAt: invitations.createdAt,
          senderId: sender.id,
          senderEmail: sender.email,
        })
        .from(invitations)
        .leftJoin(sender, eq(sender.id, invitations.createdBy))
        .where(eq(invitations.usedBy, row.id))
        .orderBy(desc(invitations.usedAt))
        .limit(1),
    () =>
      db
        .select({ value: count() })
        .from(deals)
        .where(and(eq(deals.sellerId, row.id), isNull(deals.deletedAt))),
    () => db.select({ value: count() }).from(offers).where(eq(offers.buyerId, row.id)),
    () => db.select({ value: count() }).from(dealInterests).where(eq(dealInterests.buyerId, row.id)),
  ])
  const used = invitation[0]
  return {
    ...toAdminUser(row),
    deactivationReason: row.deactivationReason,
    invitation: used
      ? {
          id: used.id,
          role: used.role,
          sentAt: used.sentAt.toISOString(),
          sentBy: used.senderId && used.senderEmail ? { id: used.senderId, email: used.senderEmail } : null,
        }
      : null,
    counts: {
      listings: listings[0]?.value ?? 0,
      offers: made[0]?.value ?? 0,
      interests: interested[0]?.value ?? 0,
    },
  }
}
