import { sql } from 'drizzle-orm'
import { HIGHLIGHT_END, HIGHLIGHT_START, type HelpSearchResult, type Language } from '../../../src/contract'
import type { Database } from '../../db/client'

/** How many hits a search answers; the trigram threshold of the fallback (word_similarity, 0–1). */
export const HELP_SEARCH_LIMIT = 10
export const HELP_FUZZY_THRESHOLD = 0.35

/** Per language: the text search configuration and the columns (fixed names, never input). */
const COLUMNS = {
  en: {
    config: 'help_en',
    search: 'search_en',
    title: 'title_en',
    body: 'body_en',
    question: 'question_en',
    answer: 'answer_en',
  },
  es: {
    config: 'help_es',
    search: 'search_es',
    title: 'title_es',
    body: 'body_es',
    question: 'question_es',
    answer: 'answer_es',
  },
} as const

type SearchRow = { kind: 'article' | 'qa'; id: string; title: string; snippet: string; fuzzy: boolean }

/** The last word while typing ("enga" of "cuota de enga"), matched as a prefix; null when there is none. */
function lastWordPrefix(q: string): { head: string; last: string } | null {
  if (/\s$/.test(q)) return null
  const match = /([\p{L}\p{N}]{2,})$/u.exec(q)
  if (!match) return null
  return { head: q.slice(0, match.index), last: match[1]! }
}

/** Markdown marks out of a snippet (the SPA shows it as text): links keep their words. */
const plainSnippet = (text: string) =>
  text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * Full-text search of published articles and Q&As in `lang` (websearch syntax, accent-insensitive stemming,
 * the last word also as a prefix while typing), ranked by cover density with the title (weight A) above the
 * body (B) and a title match first; snippets from ts_headline with the contract's highlight markers. When
 * full text finds nothing, titles and questions similar in spelling (trigram word_similarity) answer, `fuzzy`.
 * One statement.
 */
export async function searchHelp(db: Database, q: string, lang: Language): Promise<HelpSearchResult> {
  const query = q.trim()
  if (!query) return { hits: [], fuzzy: false }
  const c = COLUMNS[lang]
  const cfg = sql.raw(`'${c.config}'::regconfig`)
  const col = (name: string) => sql.raw(name)
  const prefix = lastWordPrefix(query)
  const tsquery = prefix
    ? sql`(websearch_to_tsquery(${cfg}, ${query}) || (websearch_to_tsquery(${cfg}, ${prefix.head}) && to_tsquery(${cfg}, ${`'${prefix.last}':*`})))`
    : sql`websearch_to_tsquery(${cfg}, ${query})`
  const options = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`

  const result = await db.execute(sql`
    with q as (select ${tsquery} as query),
    matches as (
      select 'article' as kind, a.slug as id, a.${col(c.title)} as title, a.${col(c.body)} as body,
        ts_rank_cd(a.${col(c.search)}, q.query) + case when to_tsvector(${cfg}, a.${col(c.title)}) @@ q.query then 1 else 0 end as rank
      from help_articles a, q
      where a.published and a.${col(c.search)} @@ q.query
      union all
      select 'qa', h.slug, h.${col(c.question)}, h.${col(c.answer)},
        ts_rank_cd(h.${col(c.search)}, q.query) + case when to_tsvector(${cfg}, coalesce(h.${col(c.question)}, '')) @@ q.query then 1 else 0 end
      from help_questions h, q
      where h.status = 'published' and h.${col(c.question)} is not null and h.${col(c.search)} @@ q.query
    ),
    top as (select * from matches order by rank desc, title limit ${HELP_SEARCH_LIMIT}),
    alike as (
      select * from (
        select 'article' as kind, a.slug as id, a.${col(c.title)} as title, a.${col(c.body)} as body,
          word_similarity(unaccent(${query}), unaccent(a.${col(c.title)})) as rank
        from help_articles a where a.published
        union all
        select 'qa', h.slug, h.${col(c.question)}, h.${col(c.answer)},
          word_similarity(unaccent(${query}), unaccent(h.${col(c.question)}))
        from help_questions h where h.status = 'published' and h.${col(c.question)} is not null
      ) s
      where not exists (select 1 from matches) and s.rank >= ${HELP_FUZZY_THRESHOLD}
      order by s.rank desc, s.title limit ${HELP_SEARCH_LIMIT}
    )
    select kind, id, title, ts_headline(${cfg}, body, (select query from q), ${options}) as snippet, false as fuzzy, rank
    from top
    union all
    select kind, id, title, left(body, 240) as snippet, true as fuzzy, rank from alike
    order by fuzzy, rank desc, title
  `)
  // Both drivers (PGlite, node-postgres) answer `{ rows }`; the row shape is the select list above.
  const { rows } = result as unknown as { rows: SearchRow[] }
  return {
    hits: rows.map((row) => ({ kind: row.kind, id: row.id, title: row.title, snippet: plainSnippet(row.snippet) })),
    fuzzy: rows.length > 0 && rows.every((row) => row.fuzzy),
  }
}
