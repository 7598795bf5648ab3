import type { FastifyInstance, FastifyRequest } from 'fastify'
import type {
  Language,
  Lesson,
  LessonAttemptResult,
  LessonProgress,
  LessonStatus,
  LessonSummary,
  TrainingOverview,
} from '../../../src/contract'
import type { Database } from '../../db/client'
import { AppError } from '../../http/errors'
import { mailPhrase } from '../mail/templates'
import { createNotification } from '../notifications/service'
import { updateUserRow, type UserRow } from '../users/repository'
import {
  lockCertification,
  progressOf,
  publishedLessons,
  recordAttempt,
  saveAnswers,
  type LessonRow,
  type ProgressRow,
} from './repository'

/**
 * Buyer training (spec §3, §4). Only published lessons exist for a learner; they are taken in order (a
 * lesson opens once every earlier one is passed); quizzes are checked here, their answers never leave the
 * server. Passing the last published lesson makes the buyer Certified, once, in the same transaction as the
 * pass, with a notice and a mail in their language. A lesson published later never takes the badge away.
 */

type Answers = Record<string, number>

const notFound = () => new AppError(404, 'lesson_not_found', 'lessonNotFound')
const locked = () => new AppError(409, 'lesson_locked', 'lessonLocked')

const text = (row: LessonRow, lang: Language, field: 'title' | 'summary' | 'body') => {
  const en = row[`${field}En`]
  const es = row[`${field}Es`]
  return (lang === 'es' ? (es ?? en) : (en ?? es)) ?? ''
}

function statusOf(progress: ProgressRow | undefined): LessonStatus {
  if (progress?.passedAt) return 'passed'
  if (progress && (progress.attempts > 0 || Object.keys(progress.answers).length > 0)) return 'in_progress'
  return 'not_started'
}

function toProgress(progress: ProgressRow | undefined): LessonProgress {
  return {
    status: statusOf(progress),
    answers: progress?.answers ?? {},
    attempts: progress?.attempts ?? 0,
    passedAt: progress?.passedAt?.toISOString() ?? null,
  }
}

/** The published lessons, the user's progress in them, and the place of `slug` among them (404 if absent). */
async function loadCourse(db: Database, userId: string, slug?: string) {
  const lessons = await publishedLessons(db)
  const progress = await progressOf(db, userId)
  const index = slug === undefined ? -1 : lessons.findIndex((row) => row.slug === slug)
  if (slug !== undefined && index < 0) throw notFound()
  const passed = (row: LessonRow) => Boolean(progress.get(row.id)?.passedAt)
  const unlocked = index >= 0 && lessons.slice(0, index).every(passed)
  return { lessons, progress, index, lesson: lessons[index], unlocked, passed }
}

export async function trainingOverview(db: Database, user: UserRow, lang: Language): Promise<TrainingOverview> {
  const { lessons, progress, passed } = await loadCourse(db, user.id)
  const summaries: LessonSummary[] = lessons.map((row) => ({
    id: row.slug,
    position: row.position,
    title: text(row, lang, 'title'),
    summary: text(row, lang, 'summary'),
    minutes: row.minutes,
    status: statusOf(progress.get(row.id)),
  }))
  return {
    lessons: summaries,
    passed: lessons.filter(passed).length,
    total: lessons.length,
    certified: user.certifiedBuyer,
    certifiedAt: user.certifiedAt?.toISOString() ?? null,
    nextLessonId: lessons.find((row) => !passed(row))?.slug ?? null,
  }
}

export async function trainingLesson(db: Database, user: UserRow, slug: string, lang: Language): Promise<Lesson> {
  const { lessons, progress, index, lesson, unlocked } = await loadCourse(db, user.id, slug)
  const row = lesson!
  return {
    id: row.slug,
    position: row.position,
    title: text(row, lang, 'title'),
    summary: text(row, lang, 'summary'),
    body: text(row, lang, 'body'),
    videoUrl: row.videoUrl,
    minutes: row.minutes,
    quiz: row.quiz.map((question) => ({
      id: question.id,
      prompt: question[lang].prompt,
      options: question[lang].options.map((option) => option.text),
    })),
    progress: toProgress(progress.get(row.id)),
    previousId: lessons[index - 1]?.slug ?? null,
    nextId: lessons[index + 1]?.slug ?? null,
    unlocked,
  }
}

/**
 * The answers kept of `answers`: only this lesson's questions, each an option that exists (else 400 with a
 * message per question); with `complete`, every question must be answered.
 */
function checkedAnswers(request: FastifyRequest, row: LessonRow, answers: Answers, complete: boolean): Answers {
  const kept: Answers = {}
  const fields: Record<string, string> = {}
  for (const question of row.quiz) {
    const chosen = answers[question.id]
    if (chosen === undefined) {
      if (complete) fields[`answers.${question.id}`] = request.t('errors:quizAnswerRequired')
    } else if (chosen >= question.en.options.length) {
      fields[`answers.${question.id}`] = request.t('errors:quizAnswerInvalid')
    } else kept[question.id] = chosen
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError(400, 'invalid_input', complete ? 'quizIncomplete' : 'invalidInput', { fields })
  }
  return kept
}

export async function saveLessonProgress(
  app: FastifyInstance,
  request: FastifyRequest,
  slug: string,
  answers: Answers,
): Promise<LessonProgress> {
  const { lesson, unlocked } = await loadCourse(app.db, request.user.id, slug)
  if (!unlocked) throw locked()
  const kept = checkedAnswers(request, lesson!, answers, false)
  return toProgress(await saveAnswers(app.db, request.user.id, lesson!.id, kept, app.now()))
}

export async function attemptLesson(
  app: FastifyInstance,
  request: FastifyRequest,
  slug: string,
  answers: Answers,
  lang: Language,
): Promise<LessonAttemptResult> {
  const user = request.user
  return app.db.transaction(async (tx) => {
    const { lessons, progress, index, lesson, unlocked } = await loadCourse(tx, user.id, slug)
    if (!unlocked) throw locked()
    const row = lesson!
    const kept = checkedAnswers(request, row, answers, true)
    const results = row.quiz.map((question) => {
      const chosen = kept[question.id]!
      return {
        questionId: question.id,
        chosen,
        correct: chosen === question.answer,
        why: question[lang].options[chosen]?.why ?? '',
      }
    })
    const passed = results.every((result) => result.correct)
    const now = app.now()
    const saved = await recordAttempt(tx, user.id, row.id, kept, passed, now)
    progress.set(row.id, saved)
    const all = lessons.every((each) => Boolean(progress.get(each.id)?.passedAt))
    const certifiedNow = all && (await certify(app, tx, user, now))
    return {
      passed,
      results,
      progress: toProgress(saved),
      certified: user.certifiedBuyer || certifiedNow,
      certifiedNow,
      nextId: lessons[index + 1]?.slug ?? null,
    }
  })
}

/** Makes the buyer Certified and tells them (notice and mail), unless they already are. Answers whether it did. */
async function certify(app: FastifyInstance, tx: Database, user: UserRow, now: Date): Promise<boolean> {
  const current = await lockCertification(tx, user.id)
  if (!current || current.certifiedBuyer) return false
  await updateUserRow(tx, user.id, { certifiedBuyer: true, certifiedAt: now })
  await createNotification(tx, {
    userId: user.id,
    type: 'training_certified',
    title: 'Certified Buyer',
    message: await mailPhrase(user.language, 'training.notice_certified', {}),
    createdAt: now,
  })
  await app.mail.send(
    {
      to: user.email,
      template: 'trainingCertified',
      language: user.language,
      data: { name: user.firstName ?? '', link: `${app.config.PUBLIC_URL}/training` },
    },
    { db: tx },
  )
  return true
}
