import { z } from 'zod'
import { LanguageSchema } from './common'
import { isoDate } from './fields'

/*
 * The help centre: categories, articles, questions and answers, search. Everything under /api/help/ is
 * public (spec §7) except /api/help/admin; a member asks a question through /api/help-questions (private).
 * Articles and Q&As are addressed by slug. Texts come in the language asked for (`lang`).
 */

export const HelpLangQuerySchema = z.object({ lang: LanguageSchema.default('en') })

export const HelpCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  articleCount: z.number().int(),
})
export type HelpCategory = z.infer<typeof HelpCategorySchema>

export const HelpArticleSummarySchema = z.object({
  id: z.string(),
  categoryId: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
})
export type HelpArticleSummary = z.infer<typeof HelpArticleSummarySchema>

/** /help: categories with their articles, the popular ones, the latest answered questions. */
export const HelpHomeSchema = z.object({
  categories: z.array(HelpCategorySchema),
  articles: z.array(HelpArticleSummarySchema),
  popular: z.array(HelpArticleSummarySchema),
  questions: z.array(z.object({ id: z.string(), question: z.string() })),
})
export type HelpHome = z.infer<typeof HelpHomeSchema>

export const HelpArticleSchema = z.object({
  id: z.string(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  /** Markdown; the SPA renders it sanitised. */
  body: z.string(),
  related: z.array(HelpArticleSummarySchema),
  helpfulYes: z.number().int(),
  helpfulNo: z.number().int(),
  updatedAt: isoDate,
})
export type HelpArticle = z.infer<typeof HelpArticleSchema>

export const HelpVoteSchema = z.object({ helpful: z.boolean() })
export const HelpVoteResultSchema = z.object({ helpfulYes: z.number().int(), helpfulNo: z.number().int() })

export const HelpQaSchema = z.object({
  id: z.string(),
  question: z.string(),
  /** Markdown. */
  answer: z.string(),
  /** The language the texts are in (an asked question may exist only in the asker's). */
  language: LanguageSchema,
  categoryId: z.string().nullable(),
  publishedAt: isoDate.nullable(),
})
export type HelpQa = z.infer<typeof HelpQaSchema>

export const HelpQaListSchema = z.object({ questions: z.array(HelpQaSchema) })

export const HelpSearchQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  lang: LanguageSchema.default('en'),
})

/**
 * One hit, best first. `snippet` is plain text where the matched words are wrapped in `HIGHLIGHT_START`
 * and `HIGHLIGHT_END` (characters that never appear in content), which the SPA renders as <mark>.
 */
export const HelpSearchHitSchema = z.object({
  kind: z.enum(['article', 'qa']),
  id: z.string(),
  title: z.string(),
  snippet: z.string(),
})
export type HelpSearchHit = z.infer<typeof HelpSearchHitSchema>
export const HIGHLIGHT_START = '\u0002'
export const HIGHLIGHT_END = '\u0003'

export const HelpSearchResultSchema = z.object({
  hits: z.array(HelpSearchHitSchema),
  /** True when full-text found nothing and the hits come from similar spellings. */
  fuzzy: z.boolean(),
})
export type HelpSearchResult = z.infer<typeof HelpSearchResultSchema>

export const HELP_QUESTION_MAX = 1000

/** What a member asks (in their language). */
export const HelpAskSchema = z.object({
  question: z
    .string({ error: 'validation:required' })
    .trim()
    .min(10, { error: 'validation:questionMin' })
    .max(HELP_QUESTION_MAX, { error: 'validation:tooBigString' }),
})

export const MyHelpQuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  status: z.enum(['pending', 'published', 'rejected']),
  createdAt: isoDate,
  publishedAt: isoDate.nullable(),
})
export const MyHelpQuestionsSchema = z.object({ questions: z.array(MyHelpQuestionSchema) })
