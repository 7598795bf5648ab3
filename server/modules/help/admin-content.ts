import { asc, count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type {
  AdminHelpArticle,
  AdminHelpArticleCreate,
  AdminHelpArticleUpdate,
  AdminHelpCategory,
  AdminHelpCategoryCreate,
  AdminHelpCategoryUpdate,
} from '../../../src/contract'
import type { Database } from '../../db/client'
import { helpArticles, helpCategories } from '../../db/schema'
import { AppError } from '../../http/errors'
import { recordAudit } from '../audit/record'
import type { UserRow } from '../users/repository'
import type { ArticleRow, CategoryRow } from './repository'

export const articleNotFound = () => new AppError(404, 'not_found', 'helpArticleNotFound')
const categoryNotFound = () => new AppError(404, 'not_found', 'helpCategoryNotFound')
const slugTaken = () => new AppError(409, 'help_slug_taken', 'helpSlugTaken')

const toAdminArticle = (row: ArticleRow, categorySlug: string | null): AdminHelpArticle => ({
  id: row.slug,
  categoryId: categorySlug,
  position: row.position,
  published: row.published,
  featured: row.featured,
  titleEn: row.titleEn,
  titleEs: row.titleEs,
  summaryEn: row.summaryEn,
  summaryEs: row.summaryEs,
  bodyEn: row.bodyEn,
  bodyEs: row.bodyEs,
  related: row.related,
  views: row.views,
  helpfulYes: row.helpfulYes,
  helpfulNo: row.helpfulNo,
  editedAt: row.editedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
})

const articleSnapshot = (row: ArticleRow) => ({
  slug: row.slug,
  published: row.published,
  featured: row.featured,
  titleEn: row.titleEn,
  titleEs: row.titleEs,
})

async function categoryIdOf(tx: Database, slug: string | null | undefined): Promise<string | null | undefined> {
  if (slug === undefined || slug === null) return slug
  const [row] = await tx.select({ id: helpCategories.id }).from(helpCategories).where(eq(helpCategories.slug, slug))
  if (!row) throw categoryNotFound()
  return row.id
}

async function categorySlugOf(tx: Database, id: string | null) {
  if (!id) return null
  const [row] = await tx.select({ slug: helpCategories.slug }).from(helpCategories).where(eq(helpCategories.id, id))
  return row?.slug ?? null
}

const bothLanguages = (row: Pick<ArticleRow, 'titleEn' | 'titleEs' | 'bodyEn' | 'bodyEs'>) =>
  Boolean(row.titleEn.trim() && row.titleEs.trim() && row.bodyEn.trim() && row.bodyEs.trim())

export async function adminArticles(db: Database): Promise<AdminHelpArticle[]> {
  const rows = await db
    .select({ article: helpArticles, categorySlug: helpCategories.slug })
    .from(helpArticles)
    .leftJoin(helpCategories, eq(helpCategories.id, helpArticles.categoryId))
    .orderBy(asc(helpCategories.position), asc(helpArticles.position), asc(helpArticles.slug))
  return rows.map((row) => toAdminArticle(row.article, row.categorySlug))
}

/** A new article starts unpublished. */
export async function createArticle(app: FastifyInstance, admin: UserRow, input: AdminHelpArticleCreate) {
  return app.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: helpArticles.id })
      .from(helpArticles)
      .where(eq(helpArticles.slug, input.slug))
    if (existing) throw slugTaken()
    const { categoryId, ...text } = input
    const now = app.now()
    const [row] = await tx
      .insert(helpArticles)
      .values({
        ...text,
        titleEs: text.titleEs ?? '',
        bodyEs: text.bodyEs ?? '',
        categoryId: (await categoryIdOf(tx, categoryId)) ?? null,
        published: false,
        editedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    await recordAudit(tx, admin, {
      action: 'help.article.create',
      targetType: 'help_article',
      targetId: row!.slug,
      targetLabel: row!.titleEn,
      after: articleSnapshot(row!),
    })
    return toAdminArticle(row!, await categorySlugOf(tx, row!.categoryId))
  })
}

/** Edits, publishes or unpublishes; publishing needs both languages (409). The seed then leaves it alone. */
export async function updateArticle(app: FastifyInstance, admin: UserRow, slug: string, input: AdminHelpArticleUpdate) {
  return app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(helpArticles).where(eq(helpArticles.slug, slug)).for('update')
    if (!before) throw articleNotFound()
    const { categoryId, published, ...text } = input
    const next = { ...before, ...Object.fromEntries(Object.entries(text).filter(([, v]) => v !== undefined)) }
    const publishing = published ?? before.published
    if (publishing && !bothLanguages(next))
      throw new AppError(409, 'help_needs_both_languages', 'helpNeedsBothLanguages')
    const now = app.now()
    const category = await categoryIdOf(tx, categoryId)
    const [row] = await tx
      .update(helpArticles)
      .set({
        ...text,
        ...(category !== undefined ? { categoryId: category } : {}),
        published: publishing,
        editedAt: now,
        updatedAt: now,
      })
      .where(eq(helpArticles.id, before.id))
      .returning()
    const action =
      published !== undefined && published !== before.published
        ? published
          ? 'help.article.publish'
          : 'help.article.unpublish'
        : 'help.article.update'
    await recordAudit(tx, admin, {
      action,
      targetType: 'help_article',
      targetId: row!.slug,
      targetLabel: row!.titleEn,
      before: articleSnapshot(before),
      after: articleSnapshot(row!),
    })
    return toAdminArticle(row!, await categorySlugOf(tx, row!.categoryId))
  })
}

export async function deleteArticle(app: FastifyInstance, admin: UserRow, slug: string) {
  await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(helpArticles).where(eq(helpArticles.slug, slug)).for('update')
    if (!before) throw articleNotFound()
    await tx.delete(helpArticles).where(eq(helpArticles.id, before.id))
    await recordAudit(tx, admin, {
      action: 'help.article.delete',
      targetType: 'help_article',
      targetId: before.slug,
      targetLabel: before.titleEn,
      before: articleSnapshot(before),
    })
  })
}

const toAdminCategory = (row: CategoryRow, articleCount: number): AdminHelpCategory => ({
  id: row.slug,
  position: row.position,
  nameEn: row.nameEn,
  nameEs: row.nameEs,
  descriptionEn: row.descriptionEn,
  descriptionEs: row.descriptionEs,
  articleCount,
})

async function articleCount(tx: Database, categoryId: string) {
  const [row] = await tx.select({ n: count() }).from(helpArticles).where(eq(helpArticles.categoryId, categoryId))
  return row?.n ?? 0
}

export async function adminCategories(db: Database): Promise<AdminHelpCategory[]> {
  const rows = await db.select().from(helpCategories).orderBy(asc(helpCategories.position), asc(helpCategories.slug))
  const counts = await db
    .select({ categoryId: helpArticles.categoryId, n: count() })
    .from(helpArticles)
    .groupBy(helpArticles.categoryId)
  return rows.map((row) => toAdminCategory(row, counts.find((c) => c.categoryId === row.id)?.n ?? 0))
}

const categorySnapshot = (row: CategoryRow) => ({ slug: row.slug, nameEn: row.nameEn, nameEs: row.nameEs })

export async function createCategory(app: FastifyInstance, admin: UserRow, input: AdminHelpCategoryCreate) {
  return app.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(helpCategories).where(eq(helpCategories.slug, input.slug))
    if (existing) throw slugTaken()
    const [row] = await tx
      .insert(helpCategories)
      .values({
        ...input,
        descriptionEn: input.descriptionEn ?? '',
        descriptionEs: input.descriptionEs ?? '',
        editedAt: app.now(),
      })
      .returning()
    await recordAudit(tx, admin, {
      action: 'help.category.create',
      targetType: 'help_category',
      targetId: row!.slug,
      targetLabel: row!.nameEn,
      after: categorySnapshot(row!),
    })
    return toAdminCategory(row!, 0)
  })
}

export async function updateCategory(
  app: FastifyInstance,
  admin: UserRow,
  slug: string,
  input: AdminHelpCategoryUpdate,
) {
  return app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(helpCategories).where(eq(helpCategories.slug, slug)).for('update')
    if (!before) throw categoryNotFound()
    const [row] = await tx
      .update(helpCategories)
      .set({ ...input, editedAt: app.now() })
      .where(eq(helpCategories.id, before.id))
      .returning()
    await recordAudit(tx, admin, {
      action: 'help.category.update',
      targetType: 'help_category',
      targetId: row!.slug,
      targetLabel: before.nameEn,
      before: categorySnapshot(before),
      after: categorySnapshot(row!),
    })
    return toAdminCategory(row!, await articleCount(tx, row!.id))
  })
}

export async function deleteCategory(app: FastifyInstance, admin: UserRow, slug: string) {
  await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(helpCategories).where(eq(helpCategories.slug, slug)).for('update')
    if (!before) throw categoryNotFound()
    await tx.delete(helpCategories).where(eq(helpCategories.id, before.id))
    await recordAudit(tx, admin, {
      action: 'help.category.delete',
      targetType: 'help_category',
      targetId: before.slug,
      targetLabel: before.nameEn,
      before: categorySnapshot(before),
    })
  })
}
