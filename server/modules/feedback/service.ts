import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AdminFeedback, FeedbackStatus, MyFeedback } from '../../../src/contract'
import type { AdminFeedbackQuerySchema } from '../../../src/contract/feedback'
import type { Database } from '../../db/client'
import { feedback, users } from '../../db/schema'
import { AppError } from '../../http/errors'
import { readAll } from '../../db/reads'
import { recordAudit, type AuditActor } from '../audit/record'
import { displayName, preview } from '../chat/thread-access'
import { mailPhrase } from '../mail/templates'
import { createNotification } from '../notifications/service'
import type { UserRow } from '../users/repository'
import type { ScreenshotStore } from './screenshots'
import type { FeedbackSubmission } from './upload'

type FeedbackRow = typeof feedback.$inferSelect
type Sender = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>

/** How many of one's own past reports /feedback lists. */
export const MY_FEEDBACK_LIMIT = 50

const toMine = (row: FeedbackRow): MyFeedback => ({
  id: row.id,
  type: row.type,
  comment: row.comment,
  page: row.page,
  hasScreenshot: row.screenshotKey !== null,
  ownersClub: row.ownersClub,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
})

const toAdmin = (row: FeedbackRow, sender: Sender): AdminFeedback => ({
  ...toMine(row),
  sender: { id: sender.id, email: sender.email, name: displayName(sender) },
  updatedAt: row.updatedAt.toISOString(),
})

export const feedbackNotFound = () => new AppError(404, 'not_found', 'notFound')

/** Admins and owners (active ones) hear of every new report on their bell. */
async function reviewers(tx: Database) {
  return tx
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(and(eq(users.status, 'active'), sql`${users.roles} && array['admin','owner']::text[]`))
}

/**
 * Stores a report (its screenshot first, removed again if the write fails) and tells every admin and owner
 * on their bell, in their language, in the same transaction.
 */
export async function submitFeedback(
  app: FastifyInstance,
  store: ScreenshotStore,
  sender: UserRow,
  { fields, screenshot }: FeedbackSubmission,
): Promise<MyFeedback> {
  const screenshotKey = screenshot ? await store.save(screenshot) : null
  try {
    return await app.db.transaction(async (tx) => {
      const now = app.now()
      const [row] = await tx
        .insert(feedback)
        .values({
          userId: sender.id,
          type: fields.type,
          comment: fields.comment,
          page: fields.page ?? null,
          screenshotKey,
          ownersClub: fields.ownersClub,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      if (!row) throw new Error('Feedback insert returned nothing')
      const who = displayName(sender) || sender.email
      for (const reviewer of await reviewers(tx)) {
        if (reviewer.id === sender.id) continue
        const kind = await mailPhrase(reviewer.language, `feedbackNotice.types.${row.type}`, {})
        await createNotification(tx, {
          userId: reviewer.id,
          type: 'feedback_received',
          title: who,
          message: await mailPhrase(reviewer.language, 'feedbackNotice.received', {
            kind,
            sender: who,
            comment: preview(row.comment, 50),
          }),
          createdAt: now,
        })
      }
      return toMine(row)
    })
  } catch (error) {
    await store.remove(screenshotKey)
    throw error
  }
}

export async function myFeedback(db: Database, userId: string): Promise<MyFeedback[]> {
  const rows = await db
    .select()
    .from(feedback)
    .where(eq(feedback.userId, userId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(MY_FEEDBACK_LIMIT)
  return rows.map(toMine)
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

type AdminQuery = ReturnType<typeof AdminFeedbackQuerySchema.parse>

export async function adminFeedbackPage(db: Database, query: AdminQuery) {
  const filters: SQL[] = []
  if (query.type) filters.push(eq(feedback.type, query.type))
  if (query.status) filters.push(eq(feedback.status, query.status))
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`
    const found = or(
      ilike(feedback.comment, like),
      ilike(feedback.page, like),
      ilike(users.email, like),
      ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, like),
    )
    if (found) filters.push(found)
  }
  const where = filters.length ? and(...filters) : undefined
  const [rows, [total]] = await readAll(db, [
    () =>
      db
        .select({ row: feedback, sender: users })
        .from(feedback)
        .innerJoin(users, eq(users.id, feedback.userId))
        .where(where)
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    () => db.select({ n: count() }).from(feedback).innerJoin(users, eq(users.id, feedback.userId)).where(where),
  ])
  return {
    items: rows.map(({ row, sender }) => toAdmin(row, sender)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  }
}

async function lockFeedback(tx: Database, id: string) {
  const [found] = await tx
    .select({ row: feedback, sender: users })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(eq(feedback.id, id))
    .for('update', { of: feedback })
  if (!found) throw feedbackNotFound()
  return found
}

/**
 * Moves a report to `status`, recorded in the audit log in the same transaction; when it becomes resolved,
 * its sender is told on their bell (in their language). The same status again changes nothing.
 */
export async function changeFeedbackStatus(
  app: FastifyInstance,
  actor: AuditActor,
  id: string,
  status: FeedbackStatus,
): Promise<AdminFeedback> {
  return app.db.transaction(async (tx) => {
    const { row, sender } = await lockFeedback(tx, id)
    if (row.status === status) return toAdmin(row, sender)
    const now = app.now()
    const [updated] = await tx.update(feedback).set({ status, updatedAt: now }).where(eq(feedback.id, id)).returning()
    if (!updated) throw feedbackNotFound()
    await recordAudit(tx, actor, {
      action: 'feedback.status',
      targetType: 'feedback',
      targetId: id,
      targetLabel: `${sender.email}: ${preview(row.comment, 60)}`,
      before: { status: row.status },
      after: { status },
    })
    if (status === 'resolved') {
      await createNotification(tx, {
        userId: sender.id,
        type: 'feedback_resolved',
        title: 'Keyway',
        message: await mailPhrase(sender.language, 'feedbackNotice.resolved', { comment: preview(row.comment, 50) }),
        createdAt: now,
      })
    }
    return toAdmin(updated, sender)
  })
}

/** Deletes a report (and its screenshot once the deletion has committed), recorded in the audit log. */
export async function deleteFeedback(app: FastifyInstance, store: ScreenshotStore, actor: AuditActor, id: string) {
  const key = await app.db.transaction(async (tx) => {
    const { row, sender } = await lockFeedback(tx, id)
    await tx.delete(feedback).where(eq(feedback.id, id))
    await recordAudit(tx, actor, {
      action: 'feedback.delete',
      targetType: 'feedback',
      targetId: id,
      targetLabel: `${sender.email}: ${preview(row.comment, 60)}`,
      before: { type: row.type, status: row.status, comment: row.comment, page: row.page, ownersClub: row.ownersClub },
    })
    return row.screenshotKey
  })
  await store.remove(key)
}

export async function screenshotKeyOf(db: Database, id: string) {
  const [row] = await db.select({ key: feedback.screenshotKey }).from(feedback).where(eq(feedback.id, id))
  if (!row?.key) throw feedbackNotFound()
  return row.key
}
