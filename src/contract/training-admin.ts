import { z } from 'zod'
import { isoDate } from './fields'

/*
 * Editing the buyer training in the admin panel (/admin/training). A lesson is addressed by its slug (fixed
 * when it is created, like the seeded ones). Drafts may leave texts empty; publishing asks for every text in
 * both languages and a valid quiz (the server answers the missing ones as field messages).
 */

export const LESSON_SLUG_MAX = 60
export const LESSON_TITLE_MAX = 120
export const LESSON_SUMMARY_MAX = 300
export const LESSON_BODY_MAX = 30_000
export const LESSON_PROMPT_MAX = 300
export const LESSON_OPTION_MAX = 200
export const LESSON_WHY_MAX = 600
export const LESSON_QUESTIONS_MAX = 10
export const LESSON_OPTIONS_MIN = 2
export const LESSON_OPTIONS_MAX = 6
export const LESSON_URL_MAX = 500

const text = (max: number) =>
  z.string({ error: 'validation:expectedString' }).trim().max(max, { error: 'validation:tooBigString' })

export const LessonSlugSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(3, { error: 'validation:tooSmallString' })
  .max(LESSON_SLUG_MAX, { error: 'validation:tooBigString' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'validation:lessonSlug' })

/** A video link opens from a buyer's lesson page: https only. */
export const LessonVideoUrlSchema = z
  .string({ error: 'validation:invalidUrl' })
  .trim()
  .max(LESSON_URL_MAX, { error: 'validation:tooBigString' })
  .refine((value) => z.url().safeParse(value).success, { error: 'validation:invalidUrl', abort: true })
  .refine((value) => z.url({ protocol: /^https$/ }).safeParse(value).success, { error: 'validation:httpsUrl' })

export const LessonOptionInputSchema = z.object({ text: text(LESSON_OPTION_MAX), why: text(LESSON_WHY_MAX) })

const questionLanguage = z.object({
  prompt: text(LESSON_PROMPT_MAX),
  options: z
    .array(LessonOptionInputSchema)
    .min(LESSON_OPTIONS_MIN, { error: 'validation:lessonOptionsMin' })
    .max(LESSON_OPTIONS_MAX, { error: 'validation:lessonOptionsMax' }),
})

/** One question in both languages, the options in the same order; `answer` is the right option's index. */
export const LessonQuestionInputSchema = z
  .object({
    id: z.string({ error: 'validation:required' }).regex(/^[a-z0-9-]{1,64}$/, { error: 'validation:invalidFormat' }),
    answer: z.number({ error: 'validation:expectedInteger' }).int({ error: 'validation:expectedInteger' }).min(0),
    en: questionLanguage,
    es: questionLanguage,
  })
  .superRefine((question, ctx) => {
    if (question.es.options.length !== question.en.options.length) {
      ctx.addIssue({ code: 'custom', path: ['es', 'options'], message: 'validation:lessonOptionsSameCount' })
    }
    if (question.answer >= question.en.options.length) {
      ctx.addIssue({ code: 'custom', path: ['answer'], message: 'validation:lessonAnswerRange' })
    }
  })
export type LessonQuestionInput = z.infer<typeof LessonQuestionInputSchema>

const lessonLanguage = z.object({
  title: text(LESSON_TITLE_MAX),
  summary: text(LESSON_SUMMARY_MAX),
  /** Markdown (headings from `##`), rendered sanitised. */
  body: text(LESSON_BODY_MAX),
})
export type LessonLanguageInput = z.infer<typeof lessonLanguage>

const lessonFields = z.object({
  minutes: z
    .number({ error: 'validation:expectedInteger' })
    .int({ error: 'validation:expectedInteger' })
    .min(1, { error: 'validation:tooSmallNumber' })
    .max(120, { error: 'validation:tooBigNumber' }),
  videoUrl: LessonVideoUrlSchema.nullable(),
  en: lessonLanguage,
  es: lessonLanguage,
  quiz: z.array(LessonQuestionInputSchema).max(LESSON_QUESTIONS_MAX, { error: 'validation:tooBigArray' }),
})

const uniqueQuestionIds = (lesson: z.infer<typeof lessonFields>, ctx: z.RefinementCtx) => {
  const seen = new Set<string>()
  lesson.quiz.forEach((question, index) => {
    if (seen.has(question.id)) {
      ctx.addIssue({ code: 'custom', path: ['quiz', index, 'id'], message: 'validation:lessonQuestionIdTaken' })
    }
    seen.add(question.id)
  })
}

/** What an admin saves (draft texts may be empty). */
export const LessonInputSchema = lessonFields.superRefine(uniqueQuestionIds)
export type LessonInput = z.infer<typeof LessonInputSchema>

/** A new lesson: its slug (its address, fixed from now on) and its first draft; it goes last, unpublished. */
export const LessonCreateSchema = lessonFields.extend({ slug: LessonSlugSchema }).superRefine(uniqueQuestionIds)
export type LessonCreate = z.infer<typeof LessonCreateSchema>

/** Which languages have every text a published lesson needs. */
export const LessonCompletenessSchema = z.object({ en: z.boolean(), es: z.boolean(), quiz: z.boolean() })
export type LessonCompleteness = z.infer<typeof LessonCompletenessSchema>

export const AdminLessonSummarySchema = z.object({
  id: z.string(),
  position: z.number().int(),
  published: z.boolean(),
  titleEn: z.string().nullable(),
  titleEs: z.string().nullable(),
  questions: z.number().int(),
  complete: LessonCompletenessSchema,
  /** Buyers who passed its quiz. */
  passed: z.number().int(),
  editedAt: isoDate.nullable(),
})
export type AdminLessonSummary = z.infer<typeof AdminLessonSummarySchema>

export const AdminLessonListSchema = z.object({ lessons: z.array(AdminLessonSummarySchema) })
export type AdminLessonList = z.infer<typeof AdminLessonListSchema>

/** One lesson with everything: both languages, the quiz with its answers and whys. */
export const AdminLessonSchema = AdminLessonSummarySchema.extend({
  minutes: z.number().int(),
  videoUrl: z.string().nullable(),
  en: lessonLanguage,
  es: lessonLanguage,
  quiz: z.array(LessonQuestionInputSchema),
})
export type AdminLesson = z.infer<typeof AdminLessonSchema>

/** Where a lesson goes in the course (0 is first; past the end means last). */
export const LessonMoveSchema = z.object({ position: z.number().int().min(0).max(10_000) })
export type LessonMove = z.infer<typeof LessonMoveSchema>

export const LessonPublishSchema = z.object({ published: z.boolean() })
export type LessonPublish = z.infer<typeof LessonPublishSchema>

/** A text a published lesson lacks: its field path (`es.body`, `quiz.0.en.options.1.why`) and message key. */
export type LessonProblem = { path: string; key: string }

export type LessonTexts = Pick<LessonInput, 'en' | 'es' | 'quiz'>

/**
 * What stops a lesson from being published: every title, summary and body in both languages, at least one
 * question, and every prompt, option and "why" in both languages. Empty when it may be published.
 */
export function lessonProblems(lesson: LessonTexts): LessonProblem[] {
  const problems: LessonProblem[] = []
  const need = (value: string | null | undefined, path: string) => {
    if (!value?.trim()) problems.push({ path, key: 'validation:required' })
  }
  for (const lang of ['en', 'es'] as const) {
    need(lesson[lang].title, `${lang}.title`)
    need(lesson[lang].summary, `${lang}.summary`)
    need(lesson[lang].body, `${lang}.body`)
  }
  if (lesson.quiz.length === 0) problems.push({ path: 'quiz', key: 'validation:lessonQuizRequired' })
  lesson.quiz.forEach((question, index) => {
    for (const lang of ['en', 'es'] as const) {
      need(question[lang].prompt, `quiz.${index}.${lang}.prompt`)
      question[lang].options.forEach((option, optionIndex) => {
        need(option.text, `quiz.${index}.${lang}.options.${optionIndex}.text`)
        need(option.why, `quiz.${index}.${lang}.options.${optionIndex}.why`)
      })
    }
  })
  return problems
}

/** Which parts are complete (the list's "languages complete"). */
export function lessonCompleteness(lesson: LessonTexts): LessonCompleteness {
  const problems = lessonProblems(lesson)
  const clean = (prefix: (path: string) => boolean) => !problems.some((problem) => prefix(problem.path))
  return {
    en: clean((path) => path.startsWith('en.') || /^quiz\.\d+\.en\./.test(path)),
    es: clean((path) => path.startsWith('es.') || /^quiz\.\d+\.es\./.test(path)),
    quiz: lesson.quiz.length > 0,
  }
}
