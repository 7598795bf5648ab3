import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { HelpArticle, HelpArticleSummary, HelpHome, HelpQa, Language } from '../../../src/contract'
import type { Database } from '../../db/client'
import { helpArticles, helpCategories, helpQuestions } from '../../db/schema'

export type ArticleRow = typeof helpArticles.$inferSelect
export type QuestionRow = typeof helpQuestions.$inferSelect
export type CategoryRow = typeof helpCategories.$inferSelect

/** How many popular articles and latest Q&As /help shows; how many Q&As the public list holds. */
export const POPULAR_LIMIT = 6
export const LATEST_QA_LIMIT = 6
export const QA_LIST_LIMIT = 100

const pick = <T>(lang: Language, en: T, es: T) => (lang === 'es' ? es : en)

export const toSummary = (row: ArticleRow, categorySlug: string | null, lang: Language): HelpArticleSummary => ({
  id: row.slug,
  categoryId: categorySlug,
  title: pick(lang, row.titleEn, row.titleEs),
  summary: pick(lang, row.summaryEn, row.summaryEs),
})

/** A Q&A in `lang`, or in the other language when only that one exists (`language` says which). */
export function toQa(row: QuestionRow, categorySlug: string | null, lang: Language): HelpQa | null {
  const other: Language = lang === 'en' ? 'es' : 'en'
  for (const language of [lang, other]) {
    const question = pick(language, row.questionEn, row.questionEs)
    const answer = pick(language, row.answerEn, row.answerEs)
    if (question && answer)
      return {
        id: row.slug,
        question,
        answer,
        language,
        categoryId: categorySlug,
        publishedAt: row.publishedAt?.toISOString() ?? null,
      }
  }
  return null
}

async function categorySlugs(db: Database): Promise<Map<string, CategoryRow>> {
  const rows = await db.select().from(helpCategories).orderBy(asc(helpCategories.position), asc(helpCategories.slug))
  return new Map(rows.map((row) => [row.id, row]))
}

const published = eq(helpArticles.published, true)

async function publishedQas(db: Database, limit: number): Promise<QuestionRow[]> {
  return db
    .select()
    .from(helpQuestions)
    .where(eq(helpQuestions.status, 'published'))
    .orderBy(desc(helpQuestions.publishedAt), asc(helpQuestions.slug))
    .limit(limit)
}

/** /help: categories with their published articles' counts, the articles, the popular ones, the latest Q&As. */
export async function helpHome(db: Database, lang: Language): Promise<HelpHome> {
  const categories = await categorySlugs(db)
  const articles = await db
    .select()
    .from(helpArticles)
    .where(published)
    .orderBy(asc(helpArticles.position), asc(helpArticles.slug))
  const slugOf = (id: string | null) => (id ? (categories.get(id)?.slug ?? null) : null)
  const categoryOrder = [...categories.keys()]
  const ordered = [...articles].sort(
    (a, b) => categoryOrder.indexOf(a.categoryId ?? '') - categoryOrder.indexOf(b.categoryId ?? ''),
  )
  // Featured first, then the most found helpful, then the most read.
  const popular = [...articles]
    .sort(
      (a, b) =>
        Number(b.featured) - Number(a.featured) ||
        b.helpfulYes - b.helpfulNo - (a.helpfulYes - a.helpfulNo) ||
        b.views - a.views ||
        a.position - b.position,
    )
    .slice(0, POPULAR_LIMIT)
  const questions = (await publishedQas(db, LATEST_QA_LIMIT * 2))
    .map((row) => toQa(row, slugOf(row.categoryId), lang))
    .filter((qa) => qa !== null)
    .slice(0, LATEST_QA_LIMIT)
  return {
    categories: [...categories.values()].map((row) => ({
      id: row.slug,
      name: pick(lang, row.nameEn, row.nameEs),
      description: pick(lang, row.descriptionEn, row.descriptionEs),
      articleCount: articles.filter((article) => article.categoryId === row.id).length,
    })),
    articles: ordered.map((row) => toSummary(row, slugOf(row.categoryId), lang)),
    popular: popular.map((row) => toSummary(row, slugOf(row.categoryId), lang)),
    questions: questions.map((qa) => ({ id: qa.id, question: qa.question })),
  }
}

/** A published article, counting the view in the same statement that reads it; undefined when there is none. */
export async function readArticle(db: Database, slug: string, lang: Language): Promise<HelpArticle | undefined> {
  const [row] = await db
    .update(helpArticles)
    .set({ views: sql`${helpArticles.views} + 1` })
    .where(and(eq(helpArticles.slug, slug), published))
    .returning()
  if (!row) return undefined
  const category = row.categoryId
    ? (await db.select().from(helpCategories).where(eq(helpCategories.id, row.categoryId)))[0]
    : undefined
  const relatedRows = row.related.length
    ? await db
        .select({ article: helpArticles, categorySlug: helpCategories.slug })
        .from(helpArticles)
        .leftJoin(helpCategories, eq(helpCategories.id, helpArticles.categoryId))
        .where(and(inArray(helpArticles.slug, row.related), published))
    : []
  const related = row.related
    .map((slug) => relatedRows.find((r) => r.article.slug === slug))
    .filter((r) => r !== undefined)
    .map((r) => toSummary(r.article, r.categorySlug, lang))
  return {
    id: row.slug,
    categoryId: category?.slug ?? null,
    categoryName: category ? pick(lang, category.nameEn, category.nameEs) : null,
    title: pick(lang, row.titleEn, row.titleEs),
    summary: pick(lang, row.summaryEn, row.summaryEs),
    body: pick(lang, row.bodyEn, row.bodyEs),
    related,
    helpfulYes: row.helpfulYes,
    helpfulNo: row.helpfulNo,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function listQas(db: Database, lang: Language): Promise<HelpQa[]> {
  const categories = await categorySlugs(db)
  return (await publishedQas(db, QA_LIST_LIMIT))
    .map((row) => toQa(row, row.categoryId ? (categories.get(row.categoryId)?.slug ?? null) : null, lang))
    .filter((qa) => qa !== null)
}

export async function readQa(db: Database, slug: string, lang: Language): Promise<HelpQa | null> {
  const [found] = await db
    .select({ row: helpQuestions, categorySlug: helpCategories.slug })
    .from(helpQuestions)
    .leftJoin(helpCategories, eq(helpCategories.id, helpQuestions.categoryId))
    .where(
      and(eq(helpQuestions.slug, slug), eq(helpQuestions.status, 'published'), isNotNull(helpQuestions.publishedAt)),
    )
  return found ? toQa(found.row, found.categorySlug, lang) : null
}
