import { existsSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { helpArticles, helpCategories, helpQuestions } from '../../db/schema'
import { DEFAULT_HELP_DIR, readHelpContent } from './content'
import { deletedSlugs } from '../audit/deleted'

/**
 * Brings the help centre up to date from its files, on every start, by slug: a missing category, article or
 * Q&A is added (articles and Q&As published); a seeded row no admin has edited (`edited_at` null) takes the
 * files' text; an edited one is left as the admin made it. Bad files throw (HelpContentError names the file)
 * before anything is written; a checkout without the folder seeds nothing. Idempotent; answers how many rows
 * it wrote.
 */
export async function seedHelp(db: Database, dir: string = DEFAULT_HELP_DIR): Promise<number> {
  if (!existsSync(dir)) return 0
  const content = readHelpContent(dir)
  return db.transaction(async (tx) => {
    // What an admin deleted stays deleted.
    const removedCategories = await deletedSlugs(tx, 'help.category.delete', 'help_category')
    const removedArticles = await deletedSlugs(tx, 'help.article.delete', 'help_article')
    let written = 0
    for (const category of content.categories) {
      if (removedCategories.has(category.slug)) continue
      const values = {
        slug: category.slug,
        position: category.position,
        nameEn: category.en.name,
        nameEs: category.es.name,
        descriptionEn: category.en.description,
        descriptionEs: category.es.description,
      }
      const rows = await tx
        .insert(helpCategories)
        .values(values)
        .onConflictDoUpdate({
          target: helpCategories.slug,
          set: values,
          setWhere: sql`${helpCategories.editedAt} is null and (${helpCategories.position}, ${helpCategories.nameEn}, ${helpCategories.nameEs}, ${helpCategories.descriptionEn}, ${helpCategories.descriptionEs}) is distinct from (excluded.position, excluded.name_en, excluded.name_es, excluded.description_en, excluded.description_es)`,
        })
        .returning({ id: helpCategories.id })
      written += rows.length
    }
    const categoryIds = new Map(
      (await tx.select({ id: helpCategories.id, slug: helpCategories.slug }).from(helpCategories)).map((c) => [
        c.slug,
        c.id,
      ]),
    )

    for (const article of content.articles) {
      if (removedArticles.has(article.slug)) continue
      const values = {
        slug: article.slug,
        categoryId: categoryIds.get(article.category) ?? null,
        position: article.position,
        featured: article.featured,
        related: article.related,
        titleEn: article.en.title,
        titleEs: article.es.title,
        summaryEn: article.en.summary,
        summaryEs: article.es.summary,
        bodyEn: article.bodyEn,
        bodyEs: article.bodyEs,
      }
      const rows = await tx
        .insert(helpArticles)
        .values({ ...values, published: true })
        .onConflictDoUpdate({
          target: helpArticles.slug,
          set: { ...values, updatedAt: sql`now()` },
          setWhere: sql`${helpArticles.editedAt} is null and (${helpArticles.categoryId}, ${helpArticles.position}, ${helpArticles.featured}, ${helpArticles.related}, ${helpArticles.titleEn}, ${helpArticles.titleEs}, ${helpArticles.summaryEn}, ${helpArticles.summaryEs}, ${helpArticles.bodyEn}, ${helpArticles.bodyEs}) is distinct from (excluded.category_id, excluded.position, excluded.featured, excluded.related, excluded.title_en, excluded.title_es, excluded.summary_en, excluded.summary_es, excluded.body_en, excluded.body_es)`,
        })
        .returning({ id: helpArticles.id })
      written += rows.length
    }

    for (const qa of content.qa) {
      const values = {
        slug: qa.slug,
        categoryId: (qa.category && categoryIds.get(qa.category)) || null,
        questionEn: qa.en.question,
        questionEs: qa.es.question,
        answerEn: qa.en.answer,
        answerEs: qa.es.answer,
      }
      const rows = await tx
        .insert(helpQuestions)
        .values({ ...values, language: 'en', status: 'published', publishedAt: sql`now()` })
        .onConflictDoUpdate({
          target: helpQuestions.slug,
          set: { ...values, updatedAt: sql`now()` },
          // Only seeded Q&As (no asker), untouched by an admin.
          setWhere: sql`${helpQuestions.editedAt} is null and ${helpQuestions.askerId} is null and (${helpQuestions.categoryId}, ${helpQuestions.questionEn}, ${helpQuestions.questionEs}, ${helpQuestions.answerEn}, ${helpQuestions.answerEs}) is distinct from (excluded.category_id, excluded.question_en, excluded.question_es, excluded.answer_en, excluded.answer_es)`,
        })
        .returning({ id: helpQuestions.id })
      written += rows.length
    }
    return written
  })
}
