import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import { endpoints, lessonProblems, type LessonTexts } from '../../../src/contract'
import { trainingLessons } from '../../db/schema'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { recordAudit } from '../audit/record'
import {
  columnsOf,
  countPassed,
  endOfCourse,
  findLesson,
  listLessons,
  lockLesson,
  moveLesson,
  textsOf,
  toAdminLesson,
  type LessonRow,
} from './repository'

const lessonNotFound = () => new AppError(404, 'lesson_not_found', 'lessonNotFound')

/** What the audit log keeps of a lesson: its slug, place, state and titles (the texts are long). */
const snapshot = (row: LessonRow) => ({
  slug: row.slug,
  position: row.position,
  published: row.published,
  titleEn: row.titleEn,
  titleEs: row.titleEs,
  questions: row.quiz.length,
})

/** 400 naming, in the caller's language, every text a published lesson still lacks. */
function refuseIncomplete(request: FastifyRequest, texts: LessonTexts) {
  const problems = lessonProblems(texts)
  if (problems.length === 0) return
  const fields = Object.fromEntries(problems.map((problem) => [problem.path, request.t(problem.key)]))
  throw new AppError(400, 'lesson_incomplete', 'lessonIncomplete', { fields })
}

/**
 * The buyer training as admins edit it (/admin/training). Every write runs in a transaction with its audit
 * entry and sets `editedAt`, so the content files seeded at start no longer overwrite what an admin made.
 */
export const trainingAdminRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.adminTrainingLessons, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { lessons: await listLessons(app.db) }
  })

  implement(app, endpoints.adminTrainingLesson, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const found = await findLesson(app.db, request.params.id)
    if (!found) throw lessonNotFound()
    return toAdminLesson(found.row, found.passed)
  })

  implement(app, endpoints.adminCreateTrainingLesson, async (request, reply) => {
    const { slug, ...input } = request.body
    const now = app.now()
    const lesson = await app.db.transaction(async (tx) => {
      const position = await endOfCourse(tx)
      const [row] = await tx
        .insert(trainingLessons)
        .values({
          slug,
          position,
          published: false,
          ...columnsOf(input),
          editedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning()
      if (!row) {
        throw new AppError(409, 'lesson_slug_taken', 'lessonSlugTaken', {
          fields: { slug: request.t('validation:lessonSlugTaken') },
        })
      }
      await recordAudit(tx, request.user, {
        action: 'training_lesson.create',
        targetType: 'training_lesson',
        targetId: row.id,
        targetLabel: row.titleEn ?? row.titleEs ?? slug,
        after: snapshot(row),
      })
      return toAdminLesson(row, 0)
    })
    reply.code(201)
    return lesson
  })

  implement(app, endpoints.adminUpdateTrainingLesson, async (request) => {
    return app.db.transaction(async (tx) => {
      const before = await lockLesson(tx, request.params.id)
      if (!before) throw lessonNotFound()
      // A published lesson stays whole: buyers are reading it.
      if (before.published) refuseIncomplete(request, request.body)
      const now = app.now()
      const [row] = await tx
        .update(trainingLessons)
        .set({ ...columnsOf(request.body), editedAt: now, updatedAt: now })
        .where(eq(trainingLessons.id, before.id))
        .returning()
      await recordAudit(tx, request.user, {
        action: 'training_lesson.update',
        targetType: 'training_lesson',
        targetId: before.id,
        targetLabel: before.titleEn ?? before.slug,
        before: snapshot(before),
        after: snapshot(row!),
      })
      return toAdminLesson(row!, await countPassed(tx, before.id))
    })
  })

  implement(app, endpoints.adminMoveTrainingLesson, async (request) => {
    await app.db.transaction(async (tx) => {
      const before = await lockLesson(tx, request.params.id)
      if (!before) throw lessonNotFound()
      await moveLesson(tx, before, request.body.position, app.now())
      const after = await lockLesson(tx, request.params.id)
      await recordAudit(tx, request.user, {
        action: 'training_lesson.move',
        targetType: 'training_lesson',
        targetId: before.id,
        targetLabel: before.titleEn ?? before.slug,
        before: { position: before.position },
        after: { position: after!.position },
      })
    })
    return { lessons: await listLessons(app.db) }
  })

  implement(app, endpoints.adminPublishTrainingLesson, async (request) => {
    const { published } = request.body
    return app.db.transaction(async (tx) => {
      const before = await lockLesson(tx, request.params.id)
      if (!before) throw lessonNotFound()
      if (published) refuseIncomplete(request, textsOf(before))
      const now = app.now()
      const [row] = await tx
        .update(trainingLessons)
        .set({ published, editedAt: now, updatedAt: now })
        .where(eq(trainingLessons.id, before.id))
        .returning()
      if (before.published !== published) {
        await recordAudit(tx, request.user, {
          action: published ? 'training_lesson.publish' : 'training_lesson.unpublish',
          targetType: 'training_lesson',
          targetId: before.id,
          targetLabel: before.titleEn ?? before.slug,
          before: { published: before.published },
          after: { published },
        })
      }
      return toAdminLesson(row!, await countPassed(tx, before.id))
    })
  })

  implement(app, endpoints.adminDeleteTrainingLesson, async (request) => {
    await app.db.transaction(async (tx) => {
      const before = await lockLesson(tx, request.params.id)
      if (!before) throw lessonNotFound()
      // Buyers' passes are part of their certification record: such a lesson is unpublished, not deleted.
      if ((await countPassed(tx, before.id)) > 0) {
        throw new AppError(409, 'lesson_has_passes', 'lessonHasPasses')
      }
      await tx.delete(trainingLessons).where(eq(trainingLessons.id, before.id))
      // The entry keeps the slug, so a seed can leave a deleted seeded lesson deleted (as the roadmap's does).
      await recordAudit(tx, request.user, {
        action: 'training_lesson.delete',
        targetType: 'training_lesson',
        targetId: before.id,
        targetLabel: before.titleEn ?? before.slug,
        before: snapshot(before),
      })
    })
    return { deleted: true as const }
  })
}
