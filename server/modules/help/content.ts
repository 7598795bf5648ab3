import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

/**
 * The help centre's content files (server/content/help): categories.json, articles/<slug>/{meta.json,en.md,
 * es.md} and qa.json. Read and judged before anything is written, so a bad file stops the start with a
 * message naming it.
 */
export const DEFAULT_HELP_DIR = fileURLToPath(new URL('../../content/help/', import.meta.url))

const text = z.string().trim().min(1)
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a slug of lowercase letters, digits and hyphens')

const CategoriesFile = z.array(
  z.object({
    slug,
    position: z.number().int(),
    en: z.object({ name: text, description: z.string().default('') }),
    es: z.object({ name: text, description: z.string().default('') }),
  }),
)
const ArticleMeta = z.object({
  category: slug,
  position: z.number().int(),
  featured: z.boolean().default(false),
  related: z.array(slug).default([]),
  en: z.object({ title: text, summary: z.string().default('') }),
  es: z.object({ title: text, summary: z.string().default('') }),
})
const QaFile = z.array(
  z.object({
    slug,
    category: slug.nullable().optional(),
    en: z.object({ question: text, answer: text }),
    es: z.object({ question: text, answer: text }),
  }),
)

export type HelpContent = {
  categories: z.infer<typeof CategoriesFile>
  articles: (z.infer<typeof ArticleMeta> & { slug: string; bodyEn: string; bodyEs: string })[]
  qa: z.infer<typeof QaFile>
}

export class HelpContentError extends Error {
  constructor(file: string, problem: string) {
    super(`Help content ${file}: ${problem}`)
    this.name = 'HelpContentError'
  }
}

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new HelpContentError(file, error instanceof Error ? error.message : String(error))
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new HelpContentError(file, `${issue.path.join('.') || '(root)'}: ${issue.message}`)
  }
  return parsed.data
}

function readBody(file: string): string {
  if (!existsSync(file)) throw new HelpContentError(file, 'is missing')
  const body = readFileSync(file, 'utf8').trim()
  if (!body) throw new HelpContentError(file, 'is empty')
  return body
}

/** Reads and checks every file of `dir` (categories and related slugs must exist). Throws HelpContentError. */
export function readHelpContent(dir: string): HelpContent {
  const categoriesFile = join(dir, 'categories.json')
  const categories = readJson(categoriesFile, CategoriesFile)
  const categorySlugs = new Set(categories.map((c) => c.slug))
  if (categorySlugs.size !== categories.length) throw new HelpContentError(categoriesFile, 'a slug appears twice')

  const articlesDir = join(dir, 'articles')
  const slugs = existsSync(articlesDir)
    ? readdirSync(articlesDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : []
  const articles = slugs.map((name) => {
    const folder = join(articlesDir, name)
    if (!slug.safeParse(name).success) throw new HelpContentError(folder, 'is not a valid slug')
    const metaFile = join(folder, 'meta.json')
    const meta = readJson(metaFile, ArticleMeta)
    if (!categorySlugs.has(meta.category))
      throw new HelpContentError(metaFile, `category "${meta.category}" is not in categories.json`)
    return { ...meta, slug: name, bodyEn: readBody(join(folder, 'en.md')), bodyEs: readBody(join(folder, 'es.md')) }
  })
  const articleSlugs = new Set(slugs)
  for (const article of articles) {
    const missing = article.related.find((related) => !articleSlugs.has(related))
    if (missing)
      throw new HelpContentError(join(articlesDir, article.slug, 'meta.json'), `related "${missing}" is no article`)
  }

  const qaFile = join(dir, 'qa.json')
  const qa = existsSync(qaFile) ? readJson(qaFile, QaFile) : []
  if (new Set(qa.map((q) => q.slug)).size !== qa.length) throw new HelpContentError(qaFile, 'a slug appears twice')
  const badCategory = qa.find((q) => q.category && !categorySlugs.has(q.category))
  if (badCategory)
    throw new HelpContentError(qaFile, `${badCategory.slug}: category "${badCategory.category}" is unknown`)
  return { categories, articles, qa }
}
