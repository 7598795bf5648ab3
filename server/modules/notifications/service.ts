import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import {
  isRowId,
  NotificationDealInfoSchema,
  type Notification,
  type NotificationList,
  type NotificationType,
} from '../../../src/contract'
import { afterCommit } from '../../db/after-commit'
import type { Database } from '../../db/client'
import { notifications } from '../../db/schema'
import { AppError } from '../../http/errors'
import { readAll } from '../../db/reads'

/**
 * The notification bell's store (spec §3 Notification). Other modules create notices inside their own
 * transaction, so a notice exists exactly when what it announces does; each one is handed to the database's
 * publishers (realtime.ts pushes it to its recipient) once that transaction has committed.
 */

export type NotificationRow = typeof notifications.$inferSelect
export type DealInfo = Notification['dealInfo'] & {}

/** At most this many unread notices are listed; the count covers them all (the badge says 99+). */
export const NOTIFICATION_LIST_LIMIT = 100

export type NewNotification = {
  userId: string
  type: NotificationType
  /** The notice's text: a message preview for chat notices. */
  message: string
  /** A short heading for logs and mails; the bell builds its own title from the type. */
  title: string
  dealId?: string | null
  threadId?: string | null
  senderName?: string | null
  dealInfo?: DealInfo | null
  /** The page the notice opens, when neither its thread nor its listing says (e.g. an answered question). */
  path?: string | null
  createdAt: Date
}

type Publisher = (notice: NotificationRow) => Promise<void>
const publishers = new WeakMap<Database, Set<Publisher>>()

/** `publish` hears of every notice written to `db` once it is committed; answers the way to stop. */
export function onNoticeWritten(db: Database, publish: Publisher): () => void {
  const set = publishers.get(db) ?? new Set()
  set.add(publish)
  publishers.set(db, set)
  return () => {
    set.delete(publish)
  }
}

/** Adds a notice; call it inside the transaction of the write it announces (its publishers hear after the commit). */
export async function createNotification(tx: Database, input: NewNotification): Promise<NotificationRow> {
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      dealId: input.dealId ?? null,
      threadId: input.threadId ?? null,
      title: input.title,
      message: input.message,
      data: {
        ...(input.senderName != null && { senderName: input.senderName }),
        ...(input.dealInfo && { dealInfo: input.dealInfo }),
        ...(input.path && { path: input.path }),
      },
      createdAt: input.createdAt,
    })
    .returning()
  if (!row) throw new Error('Notification insert returned nothing')
  await afterCommit(tx, async (db) => {
    for (const publish of publishers.get(db) ?? []) await publish(row)
  })
  return row
}

/** A stored notice as the contract shows it; `data` written by older code is read defensively. */
export function toNotification(row: NotificationRow): Notification {
  const senderName = row.data.senderName
  const path = row.data.path
  const dealInfo = NotificationDealInfoSchema.safeParse(row.data.dealInfo)
  return {
    notificationId: row.id,
    threadId: row.threadId,
    type: row.type,
    senderName: typeof senderName === 'string' ? senderName : null,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    dealInfo: dealInfo.success ? dealInfo.data : null,
    dealId: row.dealId,
    path: typeof path === 'string' && path.startsWith('/') ? path : null,
  }
}

const unreadOf = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.readAt))

/** The user's unread notices, newest first (at most 100), and how many unread there are in all. */
export async function unreadNotifications(db: Database, userId: string): Promise<NotificationList> {
  const [rows, [total]] = await readAll(db, [
    () =>
      db
        .select()
        .from(notifications)
        .where(unreadOf(userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(NOTIFICATION_LIST_LIMIT),
    () => db.select({ n: count() }).from(notifications).where(unreadOf(userId)),
  ])
  return { notifications: rows.map(toNotification), unreadCount: total?.n ?? 0 }
}

const notificationNotFound = () => new AppError(404, 'notification_not_found', 'notificationNotFound')

/** Marks one of the user's own notices read (again is fine); anyone else's, or none, is 404. */
export async function markNotificationRead(db: Database, userId: string, id: string, now: Date) {
  if (!isRowId(id)) throw notificationNotFound()
  const own = and(eq(notifications.id, id), eq(notifications.userId, userId))
  const [updated] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(own)
    .returning()
  if (!updated) throw notificationNotFound()
  return toNotification(updated)
}

/** Marks every unread notice of one thread read for the user (opening the thread reads them). */
export async function markThreadNotificationsRead(db: Database, userId: string, threadId: string, now: Date) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(unreadOf(userId), eq(notifications.threadId, threadId)))
}

/** Of `userIds`, those who already got a notice of one of `types` about one of `dealIds`. */
export async function usersNotifiedAbout(
  db: Database,
  { userIds, dealIds, types }: { userIds: string[]; dealIds: string[]; types: string[] },
): Promise<Set<string>> {
  if (userIds.length === 0 || dealIds.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, userIds),
        inArray(notifications.dealId, dealIds),
        inArray(notifications.type, types),
      ),
    )
  return new Set(rows.map((row) => row.userId))
}
