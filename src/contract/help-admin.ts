import { z } from 'zod'
import { LanguageSchema } from './common'
import { isoDate } from './fields'

/*
 * The help centre's editing in the admin panel (/admin/help): members' questions (answered and published in
 * en and/or es), articles and categories. Everything is addressed by slug, like the public API.
 */

export const HELP_TITLE_MAX = 200
export const HELP_SUMMARY_MAX = 500
export const HELP_BODY_MAX = 50_000
export const HELP_ANSWER_MAX = 20_000

export const HelpSlugSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(2, { error: 'validation:helpSlug' })
  .max(80, { error: 'validation:helpSlug' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'validation:helpSlug' })

const optionalText = (max: number) => z.string().trim().max(max, { error: 'validation:tooBigString' })
const requiredText = (max: number) =>
  z
    .string({ error: 'validation:required' })
    .trim()
    .min(1, { error: 'validation:required' })
    .max(max, { error: 'validation:tooBigString' })

export const HELP_QUESTION_STATUSES = ['pending', 'published', 'rejected'] as const
export const HelpQuestionStatusSchema = z.enum(HELP_QUESTION_STATUSES)
export type HelpQuestionStatus = z.infer<typeof HelpQuestionStatusSchema>

export const AdminHelpQuestionSchema = z.object({
  id: z.string(),
  status: HelpQuestionStatusSchema,
  /** The language the member asked in. */
  language: LanguageSchema,
  categoryId: z.string().nullable(),
  questionEn: z.string().nullable(),
  questionEs: z.string().nullable(),
  /** Markdown. */
  answerEn: z.string().nullable(),
  answerEs: z.string().nullable(),
  asker: z.object({ email: z.string(), name: z.string() }).nullable(),
  createdAt: isoDate,
  publishedAt: isoDate.nullable(),
})
export type AdminHelpQuestion = z.infer<typeof AdminHelpQuestionSchema>

export const AdminHelpQuestionsQuerySchema = z.object({
  status: HelpQuestionStatusSchema.optional(),
  q: z.string().trim().max(200).optional(),
})
/** Pending first (oldest first), then the others newest first; at most 200. */
export const AdminHelpQuestionsSchema = z.object({ questions: z.array(AdminHelpQuestionSchema) })

/**
 * An admin's edit of a question: texts per language (null or empty clears one), its category, its status.
 * Publishing needs a question and an answer in at least one language; the first publication tells the asker.
 */
export const AdminHelpQuestionUpdateSchema = z.object({
  questionEn: optionalText(1000).nullable().optional(),
  questionEs: optionalText(1000).nullable().optional(),
  answerEn: optionalText(HELP_ANSWER_MAX).nullable().optional(),
  answerEs: optionalText(HELP_ANSWER_MAX).nullable().optional(),
  categoryId: z.string().nullable().optional(),
  status: HelpQuestionStatusSchema.optional(),
})
export type AdminHelpQuestionUpdate = z.infer<typeof AdminHelpQuestionUpdateSchema>

export const AdminHelpArticleSchema = z.object({
  id: z.string(),
  categoryId: z.string().nullable(),
  position: z.number().int(),
  published: z.boolean(),
  featured: z.boolean(),
  titleEn: z.string(),
  titleEs: z.string(),
  summaryEn: z.string(),
  summaryEs: z.string(),
  bodyEn: z.string(),
  bodyEs: z.string(),
  related: z.array(z.string()),
  views: z.number().int(),
  helpfulYes: z.number().int(),
  helpfulNo: z.number().int(),
  editedAt: isoDate.nullable(),
  updatedAt: isoDate,
})
export type AdminHelpArticle = z.infer<typeof AdminHelpArticleSchema>
export const AdminHelpArticlesSchema = z.object({ articles: z.array(AdminHelpArticleSchema) })

/** An article's texts: English is required; Spanish may wait (an article is published only with both). */
const articleFields = {
  categoryId: z.string().nullable().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  featured: z.boolean().optional(),
  titleEn: requiredText(HELP_TITLE_MAX),
  titleEs: optionalText(HELP_TITLE_MAX),
  summaryEn: optionalText(HELP_SUMMARY_MAX),
  summaryEs: optionalText(HELP_SUMMARY_MAX),
  bodyEn: requiredText(HELP_BODY_MAX),
  bodyEs: optionalText(HELP_BODY_MAX),
  related: z.array(z.string().max(80)).max(20),
}
export const AdminHelpArticleCreateSchema = z.object({
  ...articleFields,
  slug: HelpSlugSchema,
  titleEs: articleFields.titleEs.default(''),
  summaryEn: articleFields.summaryEn.default(''),
  summaryEs: articleFields.summaryEs.default(''),
  bodyEs: articleFields.bodyEs.default(''),
  related: articleFields.related.default([]),
})
export type AdminHelpArticleCreate = z.input<typeof AdminHelpArticleCreateSchema>
/** Only the fields sent change. Publishing (`published: true`) needs title and body in both languages (409). */
export const AdminHelpArticleUpdateSchema = z
  .object(articleFields)
  .partial()
  .extend({ published: z.boolean().optional() })
export type AdminHelpArticleUpdate = z.input<typeof AdminHelpArticleUpdateSchema>

export const AdminHelpCategorySchema = z.object({
  id: z.string(),
  position: z.number().int(),
  nameEn: z.string(),
  nameEs: z.string(),
  descriptionEn: z.string(),
  descriptionEs: z.string(),
  articleCount: z.number().int(),
})
export type AdminHelpCategory = z.infer<typeof AdminHelpCategorySchema>
export const AdminHelpCategoriesSchema = z.object({ categories: z.array(AdminHelpCategorySchema) })

const categoryFields = {
  position: z.number().int().min(0).max(10_000).optional(),
  nameEn: requiredText(120),
  nameEs: requiredText(120),
  descriptionEn: optionalText(HELP_SUMMARY_MAX),
  descriptionEs: optionalText(HELP_SUMMARY_MAX),
}
export const AdminHelpCategoryCreateSchema = z.object({
  ...categoryFields,
  slug: HelpSlugSchema,
  descriptionEn: categoryFields.descriptionEn.default(''),
  descriptionEs: categoryFields.descriptionEs.default(''),
})
export type AdminHelpCategoryCreate = z.input<typeof AdminHelpCategoryCreateSchema>
export const AdminHelpCategoryUpdateSchema = z.object(categoryFields).partial()
export type AdminHelpCategoryUpdate = z.input<typeof AdminHelpCategoryUpdateSchema>
