import { sql, type SQL } from 'drizzle-orm'
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './accounts'

/**
 * Training lessons and the help centre: content in both languages, seeded from `server/content/` by slug
 * (a seeded row is updated from its files until an admin edits it, `editedAt`), editable in the admin panel.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/** One quiz question in both languages: `answer` is the index of the right option (same order in both). */
export type LessonQuizQuestion = {
  id: string
  answer: number
  en: { prompt: string; options: { text: string; why: string }[] }
  es: { prompt: string; options: { text: string; why: string }[] }
}

export const trainingLessons = pgTable(
  'training_lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The lesson's address (`/training/{slug}`) and the seed's key. */
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    /** Only published lessons are shown and count towards the badge; both languages are required first. */
    published: boolean('published').notNull().default(false),
    videoUrl: text('video_url'),
    minutes: integer('minutes').notNull().default(5),
    titleEn: text('title_en'),
    titleEs: text('title_es'),
    summaryEn: text('summary_en'),
    summaryEs: text('summary_es'),
    /** Markdown, rendered sanitised. */
    bodyEn: text('body_en'),
    bodyEs: text('body_es'),
    quiz: jsonb('quiz').$type<LessonQuizQuestion[]>().notNull().default(sql`'[]'::jsonb`),
    /** Set when an admin saves the lesson: the seed no longer overwrites it. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('training_lessons_slug_key').on(t.slug), index('training_lessons_position_idx').on(t.position)],
)

/** A buyer's progress in one lesson: answers saved as they go, `passedAt` once the quiz is passed. */
export const trainingProgress = pgTable(
  'training_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => trainingLessons.id, { onDelete: 'cascade' }),
    /** Question id → chosen option index. */
    answers: jsonb('answers').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    attempts: integer('attempts').notNull().default(0),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
)

export const helpCategories = pgTable(
  'help_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    nameEn: text('name_en').notNull(),
    nameEs: text('name_es').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionEs: text('description_es').notNull().default(''),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('help_categories_slug_key').on(t.slug)],
)

const searchVector = (config: string, title: string, body: string): SQL =>
  sql.raw(
    `setweight(to_tsvector('${config}'::regconfig, coalesce(${title}, '')), 'A') || ` +
      `setweight(to_tsvector('${config}'::regconfig, coalesce(${body}, '')), 'B')`,
  )

export const helpArticles = pgTable(
  'help_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The article's address (`/help/article/{slug}`), what "?" buttons link to, and the seed's key. */
    slug: text('slug').notNull(),
    categoryId: uuid('category_id').references(() => helpCategories.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(true),
    /** Shown under "Popular articles" on /help. */
    featured: boolean('featured').notNull().default(false),
    titleEn: text('title_en').notNull(),
    titleEs: text('title_es').notNull(),
    summaryEn: text('summary_en').notNull().default(''),
    summaryEs: text('summary_es').notNull().default(''),
    bodyEn: text('body_en').notNull(),
    bodyEs: text('body_es').notNull(),
    /** Slugs of related articles, in order. */
    related: jsonb('related').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    views: integer('views').notNull().default(0),
    helpfulYes: integer('helpful_yes').notNull().default(0),
    helpfulNo: integer('helpful_no').notNull().default(0),
    searchEn: tsvector('search_en').generatedAlwaysAs(searchVector('help_en', 'title_en', 'body_en')),
    searchEs: tsvector('search_es').generatedAlwaysAs(searchVector('help_es', 'title_es', 'body_es')),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('help_articles_slug_key').on(t.slug),
    index('help_articles_search_en_idx').using('gin', t.searchEn),
    index('help_articles_search_es_idx').using('gin', t.searchEs),
    index('help_articles_title_en_trgm_idx').using('gin', sql`${t.titleEn} gin_trgm_ops`),
    index('help_articles_title_es_trgm_idx').using('gin', sql`${t.titleEs} gin_trgm_ops`),
  ],
)

/** One "Was this helpful?" answer per reader (a user id, or a hash for a visitor) per article; it can change. */
export const helpArticleVotes = pgTable(
  'help_article_votes',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => helpArticles.id, { onDelete: 'cascade' }),
    voterKey: text('voter_key').notNull(),
    helpful: boolean('helpful').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.voterKey] })],
)

export const HELP_QUESTION_STATUSES = ['pending', 'published', 'rejected'] as const

/**
 * A question and its answer. Seeded ones come in both languages; a member's question comes in their language
 * (`language`) and the admin may add the other before publishing. Published ones are public.
 */
export const helpQuestions = pgTable(
  'help_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The public address (`/help/qa/{slug}`): a word slug for seeded ones, a short random one for asked ones. */
    slug: text('slug').notNull(),
    categoryId: uuid('category_id').references(() => helpCategories.id, { onDelete: 'set null' }),
    askerId: uuid('asker_id').references(() => users.id, { onDelete: 'set null' }),
    language: text('language', { enum: ['en', 'es'] }).notNull().default('en'),
    status: text('status', { enum: HELP_QUESTION_STATUSES }).notNull().default('pending'),
    questionEn: text('question_en'),
    questionEs: text('question_es'),
    answerEn: text('answer_en'),
    answerEs: text('answer_es'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    searchEn: tsvector('search_en').generatedAlwaysAs(searchVector('help_en', 'question_en', 'answer_en')),
    searchEs: tsvector('search_es').generatedAlwaysAs(searchVector('help_es', 'question_es', 'answer_es')),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('help_questions_slug_key').on(t.slug),
    index('help_questions_status_idx').on(t.status, t.createdAt),
    index('help_questions_search_en_idx').using('gin', t.searchEn),
    index('help_questions_search_es_idx').using('gin', t.searchEs),
  ],
)
