import { asc, eq, sql } from 'drizzle-orm'
import {
  lessonCompleteness,
  type AdminLesson,
  type AdminLessonSummary,
  type LessonInput,
  type LessonTexts,
} from '../../../src/contract'
import type { Database } from '../../db/client'
import { trainingLessons, trainingProgress } from '../../db/schema'

export type LessonRow = typeof trainingLessons.$inferSelect

const passedOf = sql<number>`(select count(*)::int from ${trainingProgress} where ${trainingProgress.lessonId} = ${trainingLessons.id} and ${trainingProgress.passedAt} is not null)`

/** A row's texts as the editor holds them (a missing text is an empty string). */
export const textsOf = (row: LessonRow): LessonTexts => ({
  en: { title: row.titleEn ?? '', summary: row.summaryEn ?? '', body: row.bodyEn ?? '' },
  es: { title: row.titleEs ?? '', summary: row.summaryEs ?? '', body: row.bodyEs ?? '' },
  quiz: row.quiz,
})

export const toSummary = (row: LessonRow, passed: number): AdminLessonSummary => ({
  id: row.slug,
  position: row.position,
  published: row.published,
  titleEn: row.titleEn,
  titleEs: row.titleEs,
  questions: row.quiz.length,
  complete: lessonCompleteness(textsOf(row)),
  passed,
  editedAt: row.editedAt?.toISOString() ?? null,
})

export const toAdminLesson = (row: LessonRow, passed: number): AdminLesson => ({
  ...toSummary(row, passed),
  ...textsOf(row),
  minutes: row.minutes,
  videoUrl: row.videoUrl,
})

/** What the database stores of what an admin saved: an empty text is no text (null). */
export const columnsOf = (input: LessonInput) => {
  const orNull = (value: string) => (value.trim() ? value : null)
  return {
    minutes: input.minutes,
    videoUrl: input.videoUrl,
    titleEn: orNull(input.en.title),
    summaryEn: orNull(input.en.summary),
    bodyEn: orNull(input.en.body),
    titleEs: orNull(input.es.title),
    summaryEs: orNull(input.es.summary),
    bodyEs: orNull(input.es.body),
    quiz: input.quiz,
  }
}

const ordered = [asc(trainingLessons.position), asc(trainingLessons.createdAt), asc(trainingLessons.slug)]

export async function listLessons(db: Database): Promise<AdminLessonSummary[]> {
  const rows = await db
    .select({ row: trainingLessons, passed: passedOf })
    .from(trainingLessons)
    .orderBy(...ordered)
  return rows.map(({ row, passed }) => toSummary(row, passed))
}

export async function findLesson(db: Database, slug: string) {
  const [found] = await db
    .select({ row: trainingLessons, passed: passedOf })
    .from(trainingLessons)
    .where(eq(trainingLessons.slug, slug))
  return found
}

/** The lesson, locked until the transaction ends (two admins' writes to it run one after the other). */
export async function lockLesson(tx: Database, slug: string): Promise<LessonRow | undefined> {
  const [row] = await tx.select().from(trainingLessons).where(eq(trainingLessons.slug, slug)).for('update')
  return row
}

export async function countPassed(db: Database, lessonId: string): Promise<number> {
  const [row] = await db
    .select({ passed: sql<number>`count(*)::int` })
    .from(trainingProgress)
    .where(sql`${trainingProgress.lessonId} = ${lessonId} and ${trainingProgress.passedAt} is not null`)
  return row?.passed ?? 0
}

export async function endOfCourse(tx: Database): Promise<number> {
  const [row] = await tx.select({ last: sql<number | null>`max(${trainingLessons.position})` }).from(trainingLessons)
  return row?.last == null ? 0 : row.last + 1
}

/**
 * Puts the lesson at `index` (past the end: last) and numbers the course 0, 1, 2… Rows whose place changed
 * get `editedAt`, so the content files no longer put them back. Every row is locked first: moves queue.
 */
export async function moveLesson(tx: Database, lesson: LessonRow, index: number, now: Date) {
  const rows = await tx
    .select()
    .from(trainingLessons)
    .orderBy(...ordered)
    .for('update')
  const others = rows.filter((row) => row.id !== lesson.id)
  others.splice(Math.min(index, others.length), 0, lesson)
  for (const [position, row] of others.entries()) {
    const before = rows.find((candidate) => candidate.id === row.id)!
    if (before.position === position) continue
    await tx
      .update(trainingLessons)
      .set({ position, editedAt: now, updatedAt: now })
      .where(eq(trainingLessons.id, row.id))
  }
}
