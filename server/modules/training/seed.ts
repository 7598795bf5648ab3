import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../../db/client'
import { deletedSlugs } from '../audit/deleted'
import { trainingLessons, type LessonQuizQuestion } from '../../db/schema'

/** The repository's lessons: `<NN>-<slug>/` folders, each with lesson.json, en.md and es.md. */
export const TRAINING_CONTENT_DIR = fileURLToPath(new URL('../../content/training/', import.meta.url))

const filled = z.string().trim().min(1)
const optionSchema = z.object({ text: filled, why: filled })
const sideSchema = z.object({ prompt: filled, options: z.array(optionSchema).min(2) })
const questionSchema = z
  .object({ id: filled, answer: z.number().int().min(0), en: sideSchema, es: sideSchema })
  .refine((q) => q.en.options.length === q.es.options.length, {
    message: 'the English and Spanish options differ in number',
  })
  .refine((q) => q.answer < q.en.options.length, { message: '"answer" is not the index of an option' })
const lessonFileSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  position: z.number().int(),
  minutes: z.number().int().min(1),
  videoUrl: z.url().nullable(),
  en: z.object({ title: filled, summary: filled }),
  es: z.object({ title: filled, summary: filled }),
  quiz: z
    .array(questionSchema)
    .min(1)
    .refine((quiz) => new Set(quiz.map((q) => q.id)).size === quiz.length, { message: 'question ids repeat' }),
})

export type SeedLesson = z.infer<typeof lessonFileSchema> & { bodyEn: string; bodyEs: string }

export class TrainingContentError extends Error {
  override name = 'TrainingContentError'
}

function readText(file: string): string {
  if (!existsSync(file)) throw new TrainingContentError(`Training content: ${file} is missing`)
  const text = readFileSync(file, 'utf8').trim()
  if (!text) throw new TrainingContentError(`Training content: ${file} is empty`)
  return text
}

/** Reads and checks every lesson folder of `dir` (none if it does not exist); a broken file throws naming it. */
export function readTrainingContent(dir: string = TRAINING_CONTENT_DIR): SeedLesson[] {
  if (!existsSync(dir)) return []
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
  const lessons = folders.map((folder): SeedLesson => {
    const file = join(dir, folder, 'lesson.json')
    let parsed: unknown
    try {
      parsed = JSON.parse(readText(file))
    } catch (error) {
      if (error instanceof TrainingContentError) throw error
      throw new TrainingContentError(`Training content: ${file} is not valid JSON (${(error as Error).message})`)
    }
    const result = lessonFileSchema.safeParse(parsed)
    if (!result.success) {
      const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`)
      throw new TrainingContentError(`Training content: ${file} is invalid: ${problems.join('; ')}`)
    }
    return {
      ...result.data,
      bodyEn: readText(join(dir, folder, 'en.md')),
      bodyEs: readText(join(dir, folder, 'es.md')),
    }
  })
  const slugs = lessons.map((lesson) => lesson.slug)
  const repeated = slugs.find((slug, i) => slugs.indexOf(slug) !== i)
  if (repeated) throw new TrainingContentError(`Training content: two lessons in ${dir} have the slug "${repeated}"`)
  return lessons
}

/**
 * Brings the seeded lessons up to date, on every start, by slug: a missing lesson is added (published); one no
 * admin has edited (`edited_at` null) takes its files' content; an edited one is left as the admin made it.
 * Returns how many rows it wrote.
 */
export async function seedTraining(db: Database, dir: string = TRAINING_CONTENT_DIR): Promise<number> {
  const lessons = readTrainingContent(dir)
  return db.transaction(async (tx) => {
    // A lesson an admin deleted stays deleted.
    const removed = await deletedSlugs(tx, 'training_lesson.delete', 'training_lesson')
    let written = 0
    for (const lesson of lessons) {
      if (removed.has(lesson.slug)) continue
      const values = {
        slug: lesson.slug,
        position: lesson.position,
        published: true,
        videoUrl: lesson.videoUrl,
        minutes: lesson.minutes,
        titleEn: lesson.en.title,
        titleEs: lesson.es.title,
        summaryEn: lesson.en.summary,
        summaryEs: lesson.es.summary,
        bodyEn: lesson.bodyEn,
        bodyEs: lesson.bodyEs,
        quiz: lesson.quiz satisfies LessonQuizQuestion[],
      }
      const { slug: _slug, ...update } = values
      const rows = await tx
        .insert(trainingLessons)
        .values(values)
        .onConflictDoUpdate({
          target: trainingLessons.slug,
          set: { ...update, updatedAt: sql`now()` },
          // Unchanged files write nothing: a restart leaves each lesson (and its updated_at) as it was.
          setWhere: sql`${trainingLessons.editedAt} is null and (${trainingLessons.position}, ${trainingLessons.published}, ${trainingLessons.videoUrl}, ${trainingLessons.minutes}, ${trainingLessons.titleEn}, ${trainingLessons.titleEs}, ${trainingLessons.summaryEn}, ${trainingLessons.summaryEs}, ${trainingLessons.bodyEn}, ${trainingLessons.bodyEs}, ${trainingLessons.quiz}) is distinct from (excluded.position, excluded.published, excluded.video_url, excluded.minutes, excluded.title_en, excluded.title_es, excluded.summary_en, excluded.summary_es, excluded.body_en, excluded.body_es, excluded.quiz)`,
        })
        .returning({ id: trainingLessons.id })
      written += rows.length
    }
    return written
  })
}
