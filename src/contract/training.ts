import { z } from 'zod'
import { LanguageSchema } from './common'
import { isoDate } from './fields'

/*
 * Buyer training (spec §3, §4): lessons in order, each with a quiz that must be passed; passing every
 * published lesson makes the buyer Certified. Lessons are addressed by slug; texts come in the language
 * asked for (`lang`, default the caller's Accept-Language on the SPA's side).
 */

export const TrainingLangQuerySchema = z.object({ lang: LanguageSchema.default('en') })

export const LessonStatusSchema = z.enum(['not_started', 'in_progress', 'passed'])
export type LessonStatus = z.infer<typeof LessonStatusSchema>

export const LessonSummarySchema = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  summary: z.string(),
  minutes: z.number().int(),
  status: LessonStatusSchema,
})
export type LessonSummary = z.infer<typeof LessonSummarySchema>

export const TrainingOverviewSchema = z.object({
  lessons: z.array(LessonSummarySchema),
  passed: z.number().int(),
  total: z.number().int(),
  certified: z.boolean(),
  certifiedAt: isoDate.nullable(),
  /** The lesson to resume: the first not passed, or null when all are. */
  nextLessonId: z.string().nullable(),
})
export type TrainingOverview = z.infer<typeof TrainingOverviewSchema>

/** A quiz question as the learner sees it: no right answer in it. */
export const QuizQuestionSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  options: z.array(z.string()),
})
export type QuizQuestion = z.infer<typeof QuizQuestionSchema>

export const LessonProgressSchema = z.object({
  status: LessonStatusSchema,
  /** Question id → chosen option index, as last saved. */
  answers: z.record(z.string(), z.number().int()),
  attempts: z.number().int(),
  passedAt: isoDate.nullable(),
})
export type LessonProgress = z.infer<typeof LessonProgressSchema>

export const LessonSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** Markdown; the SPA renders it sanitised. */
  body: z.string(),
  videoUrl: z.string().nullable(),
  minutes: z.number().int(),
  quiz: z.array(QuizQuestionSchema),
  progress: LessonProgressSchema,
  previousId: z.string().nullable(),
  nextId: z.string().nullable(),
  /** False while an earlier lesson is not passed: the quiz cannot be taken yet. */
  unlocked: z.boolean(),
})
export type Lesson = z.infer<typeof LessonSchema>

const answersField = z.record(z.string().max(64), z.number().int().min(0).max(20)).refine((a) => Object.keys(a).length <= 50)

/** Saves the answers chosen so far (the buyer resumes with them on any device). */
export const LessonProgressSaveSchema = z.object({ answers: answersField })

/** A quiz attempt: one answer per question. */
export const LessonAttemptSchema = z.object({ answers: answersField })

export const QuestionResultSchema = z.object({
  questionId: z.string(),
  chosen: z.number().int().nullable(),
  correct: z.boolean(),
  /** Why the chosen option is right or wrong, in the language asked for. */
  why: z.string(),
})

export const LessonAttemptResultSchema = z.object({
  passed: z.boolean(),
  results: z.array(QuestionResultSchema),
  progress: LessonProgressSchema,
  certified: z.boolean(),
  /** True only on the attempt that made the buyer Certified. */
  certifiedNow: z.boolean(),
  nextId: z.string().nullable(),
})
export type LessonAttemptResult = z.infer<typeof LessonAttemptResultSchema>
