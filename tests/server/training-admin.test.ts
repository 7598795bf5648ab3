import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type LessonCreate } from '../../src/contract'
import { auditLog, trainingLessons, trainingProgress } from '../../server/db/schema'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'

const option = (text: string, why: string) => ({ text, why })
const englishOnly: LessonCreate = {
  slug: 'checking-the-title',
  minutes: 6,
  videoUrl: null,
  en: { title: 'Checking the title', summary: 'Liens and how to find them.', body: '## Liens\n\nA lien is a claim.' },
  es: { title: '', summary: '', body: '' },
  quiz: [
    {
      id: 'q1',
      answer: 1,
      en: {
        prompt: 'Who orders the title search?',
        options: [
          option('Nobody', 'A search is always needed.'),
          option('The title company', 'Right: it checks liens.'),
        ],
      },
      es: { prompt: '', options: [option('', ''), option('', '')] },
    },
  ],
}
const spanish = {
  title: 'Revisar el título',
  summary: 'Gravámenes y cómo encontrarlos.',
  body: '## Gravámenes\n\nUn gravamen es un reclamo.',
}
const spanishQuiz = {
  prompt: '¿Quién pide la búsqueda de título?',
  options: [option('Nadie', 'Siempre hace falta.'), option('La compañía de títulos', 'Correcto: revisa gravámenes.')],
}
const { slug: _slug, ...englishInput } = englishOnly
const bothLanguages = { ...englishInput, es: spanish, quiz: [{ ...englishOnly.quiz[0]!, es: spanishQuiz }] }

describe('the admin training API', () => {
  let t: TestApp
  let admin: Caller
  let owner: Caller
  let buyer: Caller
  let seller: Caller
  beforeAll(async () => {
    t = await createTestApp()
    admin = await callerWith(t, ['admin'])
    owner = await callerWith(t, ['owner'])
    buyer = await callerWith(t, ['buyer'])
    seller = await callerWith(t, ['originator'])
  })
  afterAll(() => t.close())

  const audits = () => t.db.select().from(auditLog).orderBy(desc(auditLog.createdAt))
  const id = englishOnly.slug

  it('creates a draft last, edited, audited; publishing is refused until Spanish is complete', async () => {
    const as = client(t.app, admin)
    const created = await as.ok(endpoints.adminCreateTrainingLesson, { body: englishOnly })
    expect(created).toMatchObject({ id, published: false, complete: { en: true, es: false, quiz: true } })
    expect(created.editedAt).not.toBeNull()
    expect((await audits())[0]).toMatchObject({ action: 'training_lesson.create', targetLabel: 'Checking the title' })

    const refused = await client(t.app, admin).send(endpoints.adminPublishTrainingLesson, {
      params: { id },
      body: { published: true },
      headers: { 'accept-language': 'es' },
    })
    expect(refused.statusCode).toBe(400)
    const fields = refused.json().fields as Record<string, string>
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining(['es.title', 'es.summary', 'es.body', 'quiz.0.es.prompt', 'quiz.0.es.options.1.why']),
    )
    expect(Object.keys(fields).some((key) => key.startsWith('en.'))).toBe(false)
    expect(fields['es.title']).toBe('Este campo es obligatorio.')
    expect((await as.ok(endpoints.adminTrainingLesson, { params: { id } })).published).toBe(false)

    const saved = await as.ok(endpoints.adminUpdateTrainingLesson, { params: { id }, body: bothLanguages })
    expect(saved.complete).toEqual({ en: true, es: true, quiz: true })
    const published = await as.ok(endpoints.adminPublishTrainingLesson, { params: { id }, body: { published: true } })
    expect(published.published).toBe(true)
    expect((await audits()).slice(0, 2).map((entry) => entry.action)).toEqual([
      'training_lesson.publish',
      'training_lesson.update',
    ])
    const list = await client(t.app, owner).ok(endpoints.adminTrainingLessons)
    expect(list.lessons.find((lesson) => lesson.id === id)).toMatchObject({ published: true, titleEs: spanish.title })
  })

  it('keeps a published lesson whole: a save that empties a text is refused', async () => {
    const response = await client(t.app, admin).send(endpoints.adminUpdateTrainingLesson, {
      params: { id },
      body: { ...bothLanguages, es: { ...spanish, body: '  ' } },
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().fields)).toEqual(['es.body'])
  })

  it('sets edited_at on every save, so the content files no longer overwrite the lesson', async () => {
    await t.db.update(trainingLessons).set({ editedAt: null }).where(eq(trainingLessons.slug, id))
    await client(t.app, admin).ok(endpoints.adminUpdateTrainingLesson, { params: { id }, body: bothLanguages })
    const [row] = await t.db.select().from(trainingLessons).where(eq(trainingLessons.slug, id))
    expect(row!.editedAt).toBeInstanceOf(Date)
  })

  it('answers field messages in the caller’s language for bad input (options, answer, https video)', async () => {
    const response = await client(t.app, admin).send(endpoints.adminCreateTrainingLesson, {
      headers: { 'accept-language': 'es' },
      body: {
        ...englishOnly,
        slug: 'Bad Slug',
        videoUrl: 'http://video.example/lesson',
        quiz: [{ ...englishOnly.quiz[0]!, answer: 4, en: { prompt: 'x', options: [option('a', 'b')] } }],
      },
    })
    expect(response.statusCode).toBe(400)
    const fields = response.json().fields as Record<string, string>
    expect(fields.videoUrl).toBe('El enlace debe empezar por https://.')
    expect(fields['quiz.0.en.options']).toBe('Una pregunta necesita al menos 2 opciones.')
    expect(fields.slug).toMatch(/minúsculas/)
  })

  it('moves a lesson and unpublishes it; deleting one a buyer passed is refused', async () => {
    const as = client(t.app, admin)
    await as.ok(endpoints.adminCreateTrainingLesson, { body: { ...englishOnly, slug: 'second-lesson' } })
    const moved = await as.ok(endpoints.adminMoveTrainingLesson, {
      params: { id: 'second-lesson' },
      body: { position: 0 },
    })
    expect(moved.lessons.map((lesson) => lesson.id)).toEqual(['second-lesson', id])
    expect((await audits())[0]).toMatchObject({ action: 'training_lesson.move', after: { position: 0 } })

    const [row] = await t.db.select().from(trainingLessons).where(eq(trainingLessons.slug, id))
    await t.db.insert(trainingProgress).values({ userId: buyer.id, lessonId: row!.id, passedAt: new Date() })
    expect((await as.send(endpoints.adminDeleteTrainingLesson, { params: { id } })).statusCode).toBe(409)
    const unpublished = await as.ok(endpoints.adminPublishTrainingLesson, {
      params: { id },
      body: { published: false },
    })
    expect(unpublished).toMatchObject({ published: false, passed: 1 })
    expect((await audits())[0]!.action).toBe('training_lesson.unpublish')

    expect(await as.ok(endpoints.adminDeleteTrainingLesson, { params: { id: 'second-lesson' } })).toEqual({
      deleted: true,
    })
    expect((await as.send(endpoints.adminTrainingLesson, { params: { id: 'second-lesson' } })).statusCode).toBe(404)
  })

  it('refuses buyers and sellers (403) on every admin training endpoint', async () => {
    const calls = [
      [endpoints.adminTrainingLessons, {}],
      [endpoints.adminTrainingLesson, { params: { id } }],
      [endpoints.adminCreateTrainingLesson, { body: { ...englishOnly, slug: 'not-allowed' } }],
      [endpoints.adminUpdateTrainingLesson, { params: { id }, body: bothLanguages }],
      [endpoints.adminMoveTrainingLesson, { params: { id }, body: { position: 0 } }],
      [endpoints.adminPublishTrainingLesson, { params: { id }, body: { published: true } }],
      [endpoints.adminDeleteTrainingLesson, { params: { id } }],
    ] as const
    for (const who of [buyer, seller]) {
      for (const [endpoint, input] of calls) {
        const response = await client(t.app, who).send(endpoint, input as never)
        expect(response.statusCode, endpoint.path).toBe(403)
      }
    }
  })
})
