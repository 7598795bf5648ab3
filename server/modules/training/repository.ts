import { asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { trainingLessons, trainingProgress, users } from '../../db/schema'

export type LessonRow = typeof trainingLessons.$inferSelect
export type ProgressRow = typeof trainingProgress.$inferSelect

/** The lessons a learner sees: published ones, in order (position, then slug for a stable tie). */
export async function publishedLessons(db: Database): Promise<LessonRow[]> {
  return db
    .select()
    .from(trainingLessons)
    .where(eq(trainingLessons.published, true))
    .orderBy(asc(trainingLessons.position), asc(trainingLessons.slug))
}

/** The user's progress rows, by lesson id. */
export async function progressOf(db: Database, userId: string): Promise<Map<string, ProgressRow>> {
  const rows = await db.select().from(trainingProgress).where(eq(trainingProgress.userId, userId))
  return new Map(rows.map((row) => [row.lessonId, row]))
}

/** Saves the answers chosen so far (creating the row on the first save). */
export async function saveAnswers(
  db: Database,
  userId: string,
  lessonId: string,
  answers: Record<string, number>,
  now: Date,
): Promise<ProgressRow> {
  const [row] = await db
    .insert(trainingProgress)
    .values({ userId, lessonId, answers, startedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [trainingProgress.userId, trainingProgress.lessonId],
      set: { answers, updatedAt: now },
    })
    .returning()
  return row!
}

/**
 * Records an attempt: its answers, one more attempt, and `passedAt` when passed. A pass already recorded
 * stays (coalesce): a later failed attempt never un-passes a lesson.
 */
export async function recordAttempt(
  db: Database,
  userId: string,
  lessonId: string,
  answers: Record<string, number>,
  passed: boolean,
  now: Date,
): Promise<ProgressRow> {
  const passedAt = passed ? now : null
  const [row] = await db
    .insert(trainingProgress)
    .values({ userId, lessonId, answers, attempts: 1, passedAt, startedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [trainingProgress.userId, trainingProgress.lessonId],
      set: {
        answers,
        attempts: sql`${trainingProgress.attempts} + 1`,
        passedAt: sql`coalesce(${trainingProgress.passedAt}, excluded.passed_at)`,
        updatedAt: now,
      },
    })
    .returning()
  return row!
}

/** Locks the user's row, so two last attempts at once certify (and tell) them once. */
export async function lockCertification(db: Database, userId: string) {
  const [row] = await db
    .select({ certifiedBuyer: users.certifiedBuyer, certifiedAt: users.certifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  return row
}
