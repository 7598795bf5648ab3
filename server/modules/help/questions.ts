import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AdminHelpQuestion, AdminHelpQuestionUpdate, HelpQuestionStatus } from '../../../src/contract'
import type { Database } from '../../db/client'
import { helpCategories, helpQuestions, users } from '../../db/schema'
import { AppError } from '../../http/errors'
import { recordAudit } from '../audit/record'
import { displayName, preview } from '../chat/thread-access'
import { mailPhrase } from '../mail/templates'
import { createNotification } from '../notifications/service'
import type { UserRow } from '../users/repository'
import type { QuestionRow } from './repository'

export const ADMIN_QUESTION_LIMIT = 200
export const MY_QUESTION_LIMIT = 50

export const questionNotFound = () => new AppError(404, 'not_found', 'helpQuestionNotFound')

/** A short random address for an asked question (`/help/qa/q-…`). */
const newSlug = () =>
  `q-${randomBytes(6)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')}`

const askedText = (row: QuestionRow) =>
  (row.language === 'es' ? row.questionEs : row.questionEn) ?? row.questionEn ?? row.questionEs ?? ''

export const toMine = (row: QuestionRow) => ({
  id: row.slug,
  question: askedText(row),
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  publishedAt: row.publishedAt?.toISOString() ?? null,
})

/** A member asks, in their language; every active admin and owner hears of it on their bell. */
export async function askQuestion(app: FastifyInstance, asker: UserRow, question: string) {
  return app.db.transaction(async (tx) => {
    const now = app.now()
    const [row] = await tx
      .insert(helpQuestions)
      .values({
        slug: newSlug(),
        askerId: asker.id,
        language: asker.language,
        status: 'pending',
        ...(asker.language === 'es' ? { questionEs: question } : { questionEn: question }),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    const admins = await tx
      .select({ id: users.id, language: users.language })
      .from(users)
      .where(and(eq(users.status, 'active'), sql`${users.roles} && array['admin','owner']::text[]`))
    const name = displayName(asker) || asker.email
    for (const admin of admins) {
      if (admin.id === asker.id) continue
      await createNotification(tx, {
        userId: admin.id,
        type: 'help_question',
        title: name,
        message: await mailPhrase(admin.language, 'helpQuestion.notice_admin', {
          name,
          question: preview(question, 80),
        }),
        createdAt: now,
      })
    }
    return toMine(row!)
  })
}

export async function myQuestions(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(helpQuestions)
    .where(eq(helpQuestions.askerId, userId))
    .orderBy(desc(helpQuestions.createdAt))
    .limit(MY_QUESTION_LIMIT)
  return rows.map(toMine)
}

type Joined = {
  row: QuestionRow
  categorySlug: string | null
  asker: Pick<UserRow, 'email' | 'firstName' | 'lastName'> | null
}

const toAdmin = ({ row, categorySlug, asker }: Joined): AdminHelpQuestion => ({
  id: row.slug,
  status: row.status,
  language: row.language,
  categoryId: categorySlug,
  questionEn: row.questionEn,
  questionEs: row.questionEs,
  answerEn: row.answerEn,
  answerEs: row.answerEs,
  asker: asker ? { email: asker.email, name: displayName(asker) || asker.email } : null,
  createdAt: row.createdAt.toISOString(),
  publishedAt: row.publishedAt?.toISOString() ?? null,
})

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

function joined(db: Database) {
  return db
    .select({
      row: helpQuestions,
      categorySlug: helpCategories.slug,
      asker: { email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(helpQuestions)
    .leftJoin(helpCategories, eq(helpCategories.id, helpQuestions.categoryId))
    .leftJoin(users, eq(users.id, helpQuestions.askerId))
}

const withAsker = (found: {
  row: QuestionRow
  categorySlug: string | null
  asker: Joined['asker'] | null
}): Joined => ({
  ...found,
  asker: found.asker?.email ? found.asker : null,
})

/** Pending first (oldest first: the longest waiting), then the rest newest first. */
export async function adminQuestions(db: Database, query: { status?: HelpQuestionStatus; q?: string }) {
  const filters: SQL[] = []
  if (query.status) filters.push(eq(helpQuestions.status, query.status))
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`
    filters.push(
      or(ilike(helpQuestions.questionEn, like), ilike(helpQuestions.questionEs, like), ilike(users.email, like))!,
    )
  }
  const rows = await joined(db)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(
      sql`case when ${helpQuestions.status} = 'pending' then 0 else 1 end`,
      sql`case when ${helpQuestions.status} = 'pending' then ${helpQuestions.createdAt} end asc`,
      desc(helpQuestions.createdAt),
      asc(helpQuestions.slug),
    )
    .limit(ADMIN_QUESTION_LIMIT)
  return rows.map((found) => toAdmin(withAsker(found)))
}

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null)

/**
 * An admin's edit of a question, in a transaction with its audit entry. Publishing needs a question and an
 * answer in one language at least; the first publication tells the asker (a notice and a mail in their
 * language, with the public link).
 */
export async function updateQuestion(
  app: FastifyInstance,
  admin: UserRow,
  slug: string,
  edit: AdminHelpQuestionUpdate,
) {
  return app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(helpQuestions).where(eq(helpQuestions.slug, slug)).for('update')
    if (!before) throw questionNotFound()
    let categoryId = before.categoryId
    if (edit.categoryId !== undefined) {
      if (edit.categoryId === null) categoryId = null
      else {
        const [category] = await tx.select().from(helpCategories).where(eq(helpCategories.slug, edit.categoryId))
        if (!category) throw new AppError(404, 'not_found', 'helpCategoryNotFound')
        categoryId = category.id
      }
    }
    const next = {
      questionEn: blankToNull(edit.questionEn) ?? (edit.questionEn === undefined ? before.questionEn : null),
      questionEs: blankToNull(edit.questionEs) ?? (edit.questionEs === undefined ? before.questionEs : null),
      answerEn: blankToNull(edit.answerEn) ?? (edit.answerEn === undefined ? before.answerEn : null),
      answerEs: blankToNull(edit.answerEs) ?? (edit.answerEs === undefined ? before.answerEs : null),
      categoryId,
      status: edit.status ?? before.status,
    }
    const complete = (next.questionEn && next.answerEn) || (next.questionEs && next.answerEs)
    if (next.status === 'published' && !complete) throw new AppError(409, 'help_needs_answer', 'helpNeedsAnswer')
    const now = app.now()
    const firstPublication = next.status === 'published' && !before.publishedAt
    const [row] = await tx
      .update(helpQuestions)
      .set({
        ...next,
        answeredBy: next.answerEn || next.answerEs ? admin.id : before.answeredBy,
        publishedAt: next.status === 'published' ? (before.publishedAt ?? now) : before.publishedAt,
        editedAt: now,
        updatedAt: now,
      })
      .where(eq(helpQuestions.id, before.id))
      .returning()
    const snapshot = (r: QuestionRow) => ({
      slug: r.slug,
      status: r.status,
      questionEn: r.questionEn,
      questionEs: r.questionEs,
      answerEn: r.answerEn,
      answerEs: r.answerEs,
    })
    await recordAudit(tx, admin, {
      action: before.status !== row!.status ? `help.question.${row!.status}` : 'help.question.update',
      targetType: 'help_question',
      targetId: row!.slug,
      targetLabel: preview(askedText(row!), 80),
      before: snapshot(before),
      after: snapshot(row!),
    })
    if (firstPublication && before.askerId) await tellAsker(app, tx, before.askerId, row!)
    const [found] = await joined(tx).where(eq(helpQuestions.id, row!.id))
    return toAdmin(withAsker(found!))
  })
}

async function tellAsker(app: FastifyInstance, tx: Database, askerId: string, row: QuestionRow) {
  const [asker] = await tx.select().from(users).where(eq(users.id, askerId))
  if (!asker || asker.status !== 'active') return
  const question = preview(askedText(row), 120)
  const link = `${app.config.PUBLIC_URL}/help/qa/${row.slug}`
  await createNotification(tx, {
    userId: asker.id,
    type: 'help_answered',
    title: 'Question answered',
    message: await mailPhrase(asker.language, 'helpQuestion.notice_answered', { question }),
    path: `/help/qa/${row.slug}`,
    createdAt: app.now(),
  })
  await app.mail.send(
    {
      to: asker.email,
      template: 'helpAnswered',
      language: asker.language,
      data: { name: asker.firstName ?? '', question, link },
    },
    { db: tx },
  )
}
