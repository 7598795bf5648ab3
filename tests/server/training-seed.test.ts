import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trainingLessons } from '../../server/db/schema'
import { readTrainingContent, seedTraining } from '../../server/modules/training/seed'
import { endpoints } from '../../src/contract'
import { callerWith } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'

const FIXTURES = new URL('./fixtures/training/', import.meta.url).pathname

let t: TestApp
let dir: string
beforeAll(async () => {
  t = await createTestApp()
  dir = mkdtempSync(join(tmpdir(), 'training-'))
})
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  await t.close()
})

/** A copy of the fixtures whose first lesson.json is changed by `edit`. */
function brokenCopy(name: string, edit: (lesson: Record<string, unknown>) => void) {
  const copy = join(dir, name)
  cpSync(FIXTURES, copy, { recursive: true })
  const file = join(copy, '01-cash-deals', 'lesson.json')
  const lesson = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  edit(lesson)
  writeFileSync(file, JSON.stringify(lesson))
  return { copy, file }
}

type Quiz = { answer: number; es: { options: unknown[] } }[]

describe('seeding the training lessons', () => {
  it('adds the lessons published, updates unedited ones from the files, and leaves an edited one alone', async () => {
    expect(await seedTraining(t.db, FIXTURES)).toBe(2)
    const rows = await t.db.select().from(trainingLessons)
    expect(rows.map((row) => [row.slug, row.published, row.titleEs])).toEqual(
      expect.arrayContaining([
        ['cash-deals', true, 'Lección cash-deals'],
        ['subject-to', true, 'Lección subject-to'],
      ]),
    )
    expect(rows.find((row) => row.slug === 'cash-deals')!.bodyEn).toContain('## What cash-deals means')

    await t.db.update(trainingLessons).set({ titleEn: 'Stale' }).where(eq(trainingLessons.slug, 'subject-to'))
    await t.db
      .update(trainingLessons)
      .set({ titleEn: 'Admin title', editedAt: new Date() })
      .where(eq(trainingLessons.slug, 'cash-deals'))
    await seedTraining(t.db, FIXTURES)
    const titles = Object.fromEntries((await t.db.select().from(trainingLessons)).map((row) => [row.slug, row.titleEn]))
    expect(titles).toEqual({ 'cash-deals': 'Admin title', 'subject-to': 'Lesson subject-to' })
  })

  it('writes nothing when the files have not changed, so a restart keeps each lesson as it was', async () => {
    await seedTraining(t.db, FIXTURES)
    const before = await t.db.select().from(trainingLessons)
    expect(await seedTraining(t.db, FIXTURES)).toBe(0)
    const after = await t.db.select().from(trainingLessons)
    expect(after.map((row) => [row.slug, row.updatedAt.toISOString()])).toEqual(
      expect.arrayContaining(before.map((row) => [row.slug, row.updatedAt.toISOString()])),
    )
  })

  it('does not bring back a seeded lesson an admin deleted', async () => {
    const admin = await callerWith(t, ['admin'])
    await seedTraining(t.db, FIXTURES)
    await client(t.app, admin).ok(endpoints.adminDeleteTrainingLesson, { params: { id: 'subject-to' } })
    await seedTraining(t.db, FIXTURES)
    const slugs = (await t.db.select().from(trainingLessons)).map((row) => row.slug)
    expect(slugs).toContain('cash-deals')
    expect(slugs).not.toContain('subject-to')
  })

  it('refuses broken content, naming the file and what is wrong', () => {
    const fewer = brokenCopy('fewer', (lesson) => (lesson.quiz as Quiz)[0]!.es.options.pop())
    expect(() => readTrainingContent(fewer.copy)).toThrow(fewer.file)
    expect(() => readTrainingContent(fewer.copy)).toThrow(/options differ in number/)

    const answer = brokenCopy('answer', (lesson) => ((lesson.quiz as Quiz)[0]!.answer = 7))
    expect(() => readTrainingContent(answer.copy)).toThrow(/"answer" is not the index of an option/)

    const noSpanish = brokenCopy('no-es', (lesson) => delete lesson.es)
    expect(() => readTrainingContent(noSpanish.copy)).toThrow(/es: /)

    const noBody = brokenCopy('no-body', () => undefined)
    rmSync(join(noBody.copy, '01-cash-deals', 'es.md'))
    expect(() => readTrainingContent(noBody.copy)).toThrow(join(noBody.copy, '01-cash-deals', 'es.md'))
  })
})
