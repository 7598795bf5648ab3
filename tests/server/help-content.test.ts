import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * The help centre's content files (server/content/help): every article and Q&A exists in both languages,
 * points only at categories and articles that exist, and the slugs the product links to are all there.
 */
const root = new URL('../../server/content/help/', import.meta.url)
const readJson = <T>(path: string): T => JSON.parse(readFileSync(new URL(path, root), 'utf8')) as T
const readText = (path: string) => readFileSync(new URL(path, root), 'utf8')

type Texts = { title: string; summary: string }
type Meta = { category: string; position: number; featured: boolean; related: string[]; en: Texts; es: Texts }
type Category = {
  slug: string
  position: number
  en: { name: string; description: string }
  es: { name: string; description: string }
}
type Qa = {
  slug: string
  category: string
  en: { question: string; answer: string }
  es: { question: string; answer: string }
}
type SearchQuery = { lang: 'en' | 'es'; q: string; expect: string }

const LANGUAGES = ['en', 'es'] as const
/** Linked from the product's "?" buttons and other articles: these addresses must keep working. */
const REQUIRED_SLUGS = [
  'entry-fee',
  'earnest-money-deposit',
  'purchase-types',
  'subject-to-loan-terms',
  'seller-finance-terms',
  'lease-option-terms',
  'making-an-offer',
  'deal-calculator',
  'due-on-sale-clause',
  'glossary',
]

const categories = readJson<Category[]>('categories.json')
const categorySlugs = new Set(categories.map((c) => c.slug))
const articleSlugs = readdirSync(new URL('articles/', root), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const articles = articleSlugs.map((slug) => ({
  slug,
  meta: readJson<Meta>(`articles/${slug}/meta.json`),
  body: { en: readText(`articles/${slug}/en.md`), es: readText(`articles/${slug}/es.md`) },
}))
const qas = readJson<Qa[]>('qa.json')
const queries = readJson<SearchQuery[]>('search-queries.json')
const allSlugs = new Set([...articleSlugs, ...qas.map((q) => q.slug)])

describe('help categories', () => {
  it('have unique slugs and a name and description in both languages', () => {
    expect(categorySlugs.size).toBe(categories.length)
    for (const category of categories) {
      for (const lang of LANGUAGES) {
        expect(category[lang].name.trim(), `${category.slug} ${lang} name`).not.toBe('')
        expect(category[lang].description.trim(), `${category.slug} ${lang} description`).not.toBe('')
      }
    }
  })
})

describe('help articles', () => {
  it('are at least 25, including every slug the product links to', () => {
    expect(articles.length).toBeGreaterThanOrEqual(25)
    expect(REQUIRED_SLUGS.filter((slug) => !articleSlugs.includes(slug))).toEqual([])
  })

  it('each have meta.json, en.md and es.md', () => {
    for (const slug of articleSlugs) {
      for (const file of ['meta.json', 'en.md', 'es.md']) {
        expect(existsSync(new URL(`articles/${slug}/${file}`, root)), `${slug}/${file}`).toBe(true)
      }
    }
  })

  it('have a title, a summary and a body in both languages', () => {
    for (const { slug, meta, body } of articles) {
      for (const lang of LANGUAGES) {
        expect(meta[lang].title.trim(), `${slug} ${lang} title`).not.toBe('')
        expect(meta[lang].summary.trim(), `${slug} ${lang} summary`).not.toBe('')
        expect(body[lang].trim().length, `${slug} ${lang} body`).toBeGreaterThan(200)
      }
    }
  })

  it('belong to a category that exists', () => {
    const unknown = articles.filter((a) => !categorySlugs.has(a.meta.category)).map((a) => a.slug)
    expect(unknown).toEqual([])
  })

  it('relate only to other articles that exist', () => {
    for (const { slug, meta } of articles) {
      expect(meta.related, `${slug} relates to itself`).not.toContain(slug)
      expect(
        meta.related.filter((r) => !articleSlugs.includes(r)),
        `${slug} relates to missing articles`,
      ).toEqual([])
    }
  })

  it('start their headings at level 2 (the title is the page heading)', () => {
    for (const { slug, body } of articles) {
      for (const lang of LANGUAGES) {
        expect(body[lang], `${slug} ${lang}`).not.toMatch(/^# /m)
      }
    }
  })

  it('link only to help articles and Q&As that exist', () => {
    const linked = (text: string) =>
      [...text.matchAll(/\/help\/(article|qa)\/([a-z0-9-]+)/g)].map(([link, kind, slug]) => ({
        link,
        kind,
        slug: slug ?? '',
      }))
    const texts = [
      ...articles.flatMap((a) => LANGUAGES.map((lang) => ({ from: `${a.slug} ${lang}`, text: a.body[lang] }))),
      ...qas.flatMap((q) => LANGUAGES.map((lang) => ({ from: `qa ${q.slug} ${lang}`, text: q[lang].answer }))),
    ]
    for (const { from, text } of texts) {
      for (const { link, kind, slug } of linked(text)) {
        const exists = kind === 'article' ? articleSlugs.includes(slug) : qas.some((q) => q.slug === slug)
        expect(exists, `${from} links to ${link}`).toBe(true)
      }
    }
  })
})

describe('help Q&As', () => {
  it('are at least 10, with unique slugs, in a category that exists', () => {
    expect(qas.length).toBeGreaterThanOrEqual(10)
    expect(new Set(qas.map((q) => q.slug)).size).toBe(qas.length)
    expect(qas.filter((q) => !categorySlugs.has(q.category)).map((q) => q.slug)).toEqual([])
    expect(qas.filter((q) => articleSlugs.includes(q.slug)).map((q) => q.slug)).toEqual([])
  })

  it('have a question and an answer in both languages', () => {
    for (const qa of qas) {
      for (const lang of LANGUAGES) {
        expect(qa[lang].question.trim(), `${qa.slug} ${lang} question`).not.toBe('')
        expect(qa[lang].answer.trim(), `${qa.slug} ${lang} answer`).not.toBe('')
      }
    }
  })
})

describe('help search queries', () => {
  it('hold ten realistic queries per language', () => {
    for (const lang of LANGUAGES) {
      expect(queries.filter((q) => q.lang === lang && q.q.trim() !== '')).toHaveLength(10)
    }
  })

  it('expect articles or Q&As that exist', () => {
    expect(queries.filter((q) => !allSlugs.has(q.expect)).map((q) => `${q.q} → ${q.expect}`)).toEqual([])
  })
})
