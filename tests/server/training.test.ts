import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { trainingLessons, users } from '../../server/db/schema'
import { seedTraining } from '../../server/modules/training/seed'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'

const FIXTURES = new URL('./fixtures/training/', import.meta.url).pathname
/** The fixture lessons' right answers (tests/server/fixtures/training). */
const RIGHT = { 'cash-deals': { q1: 1, q2: 0 }, 'subject-to': { q1: 2 } } as const

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await seedTraining(t.db, FIXTURES)
})
afterAll(() => t.close())

const as = (caller: Caller) => client(t.app, caller)
const attempt = (caller: Caller, id: string, answers: Record<string, number>, lang: 'en' | 'es' = 'en') =>
  as(caller).send(endpoints.trainingAttempt, { params: { id }, query: { lang }, body: { answers } })
const pass = (caller: Caller, id: keyof typeof RIGHT) =>
  as(caller).ok(endpoints.trainingAttempt, { params: { id }, query: { lang: 'en' }, body: { answers: RIGHT[id] } })
const overview = (caller: Caller) => as(caller).ok(endpoints.trainingLessons, { query: { lang: 'en' } })
const noticesOf = async (caller: Caller) =>
  (await as(caller).ok(endpoints.notifications)).notifications.filter((n) => n.type === 'training_certified')
const mailsOf = async (caller: Caller) =>
  (await client(t.app).ok(endpoints.devOutbox, { query: { to: caller.email } })).mails.filter(
    (mail) => mail.template === 'trainingCertified',
  )
const certifiedRow = async (caller: Caller) => (await t.db.select().from(users).where(eq(users.id, caller.id)))[0]!

describe('buyer training', () => {
  it('lists the published lessons in order, in the language asked for, without the answers', async () => {
    const buyer = await callerWith(t, ['buyer'])
    const list = await overview(buyer)
    expect(list).toMatchObject({ passed: 0, total: 2, certified: false, nextLessonId: 'cash-deals' })
    expect(list.lessons.map((l) => [l.id, l.status])).toEqual([
      ['cash-deals', 'not_started'],
      ['subject-to', 'not_started'],
    ])
    const lesson = await as(buyer).ok(endpoints.trainingLesson, { params: { id: 'cash-deals' }, query: { lang: 'es' } })
    expect(lesson).toMatchObject({ title: 'Lección cash-deals', unlocked: true, nextId: 'subject-to' })
    expect(lesson.quiz[0]).toEqual({ id: 'q1', prompt: '¿Pregunta q1?', options: ['Opción 0', 'Opción 1', 'Opción 2'] })
    const raw = await as(buyer).send(endpoints.trainingLesson, { params: { id: 'cash-deals' }, query: { lang: 'en' } })
    expect(raw.body).not.toMatch(/"answer"|"why"/)
  })

  it('is for buyers only: a seller gets 403', async () => {
    const seller = await callerWith(t, ['originator'])
    expect((await as(seller).send(endpoints.trainingLessons, { query: { lang: 'en' } })).statusCode).toBe(403)
    expect((await attempt(seller, 'cash-deals', RIGHT['cash-deals'])).statusCode).toBe(403)
  })

  it('says why a wrong answer is wrong, in the language asked for, and lets the buyer try again', async () => {
    const buyer = await callerWith(t, ['buyer'])
    const wrong = await attempt(buyer, 'cash-deals', { q1: 2, q2: 0 }, 'es')
    expect(wrong.statusCode).toBe(200)
    expect(wrong.json()).toMatchObject({
      passed: false,
      certified: false,
      results: [
        { questionId: 'q1', chosen: 2, correct: false, why: 'Por qué la opción 2 es incorrecta.' },
        { questionId: 'q2', chosen: 0, correct: true, why: 'Por qué la opción 0 es correcta.' },
      ],
      progress: { status: 'in_progress', attempts: 1, passedAt: null },
    })
    const right = await pass(buyer, 'cash-deals')
    expect(right).toMatchObject({ passed: true, progress: { status: 'passed', attempts: 2 }, nextId: 'subject-to' })
    // A later failed attempt never un-passes the lesson.
    await attempt(buyer, 'cash-deals', { q1: 0, q2: 1 })
    expect((await overview(buyer)).lessons[0]!.status).toBe('passed')
  })

  it('needs an answer to every question (400 with a message per question) and a real option', async () => {
    const buyer = await callerWith(t, ['buyer'])
    const missing = await attempt(buyer, 'cash-deals', { q1: 1 })
    expect([missing.statusCode, missing.json().fields]).toEqual([400, { 'answers.q2': 'Choose an answer.' }])
    const bogus = await attempt(buyer, 'cash-deals', { q1: 9, q2: 0 })
    expect([bogus.statusCode, bogus.json().fields]).toEqual([400, { 'answers.q1': 'That option does not exist.' }])
    expect((await overview(buyer)).lessons[0]!.status).toBe('not_started')
  })

  it('cannot be passed by skipping lessons: a later lesson is locked until the earlier ones are passed', async () => {
    const buyer = await callerWith(t, ['buyer'])
    const skip = await attempt(buyer, 'subject-to', RIGHT['subject-to'])
    expect([skip.statusCode, skip.json().code]).toEqual([409, 'lesson_locked'])
    const save = await as(buyer).send(endpoints.trainingSaveProgress, {
      params: { id: 'subject-to' },
      body: { answers: { q1: 2 } },
    })
    expect(save.statusCode).toBe(409)
    const lesson = await as(buyer).ok(endpoints.trainingLesson, { params: { id: 'subject-to' }, query: { lang: 'en' } })
    expect(lesson.unlocked).toBe(false)
    expect((await certifiedRow(buyer)).certifiedBuyer).toBe(false)
  })

  it('cannot be passed by answering an unpublished lesson: it does not exist for learners', async () => {
    await t.db.insert(trainingLessons).values({
      slug: 'draft-lesson',
      position: 0,
      published: false,
      titleEn: 'Draft',
      titleEs: 'Borrador',
      quiz: [{ id: 'q1', answer: 0, en: { prompt: 'P', options: [] }, es: { prompt: 'P', options: [] } }],
    })
    const buyer = await callerWith(t, ['buyer'])
    const answer = await attempt(buyer, 'draft-lesson', { q1: 0 })
    expect([answer.statusCode, answer.json().code]).toEqual([404, 'lesson_not_found'])
    expect(
      (await as(buyer).send(endpoints.trainingLesson, { params: { id: 'draft-lesson' }, query: { lang: 'en' } }))
        .statusCode,
    ).toBe(404)
    expect((await overview(buyer)).lessons.map((l) => l.id)).toEqual(['cash-deals', 'subject-to'])
  })

  it('saves the answers chosen so far, which the buyer finds again on any device', async () => {
    const buyer = await callerWith(t, ['buyer'])
    const saved = await as(buyer).ok(endpoints.trainingSaveProgress, {
      params: { id: 'cash-deals' },
      body: { answers: { q1: 2, unknown: 1 } },
    })
    expect(saved).toMatchObject({ status: 'in_progress', answers: { q1: 2 }, attempts: 0 })
    const lesson = await as(buyer).ok(endpoints.trainingLesson, { params: { id: 'cash-deals' }, query: { lang: 'en' } })
    expect(lesson.progress.answers).toEqual({ q1: 2 })
    expect((await overview(buyer)).lessons[0]!.status).toBe('in_progress')
  })

  it('certifies the buyer when the last lesson is passed, not before, and tells them once (notice and mail)', async () => {
    const buyer = await callerWith(t, ['buyer'])
    const first = await pass(buyer, 'cash-deals')
    expect(first).toMatchObject({ passed: true, certified: false, certifiedNow: false })
    expect((await certifiedRow(buyer)).certifiedBuyer).toBe(false)
    expect(await noticesOf(buyer)).toEqual([])

    const last = await pass(buyer, 'subject-to')
    expect(last).toMatchObject({ passed: true, certified: true, certifiedNow: true, nextId: null })
    const row = await certifiedRow(buyer)
    expect(row.certifiedBuyer).toBe(true)
    expect(row.certifiedAt).not.toBeNull()
    expect(await overview(buyer)).toMatchObject({ passed: 2, total: 2, certified: true, nextLessonId: null })
    expect((await as(buyer).ok(endpoints.me)).certifiedBuyer).toBe(true)

    // Passing again tells nobody anything new.
    expect(await pass(buyer, 'subject-to')).toMatchObject({ certified: true, certifiedNow: false })
    const notices = await noticesOf(buyer)
    expect(notices.map((n) => n.message)).toEqual([
      'You completed the buyer training: you are now a Certified Buyer. Sellers see your badge, and you hear about matching deals first.',
    ])
    const mails = await mailsOf(buyer)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('You are now a Keyway Certified Buyer')
  })

  it('keeps the badge when a lesson is published later, which then shows as the one to take', async () => {
    const buyer = await callerWith(t, ['buyer'])
    await pass(buyer, 'cash-deals')
    await pass(buyer, 'subject-to')
    await t.db.insert(trainingLessons).values({
      slug: 'later-lesson',
      position: 3,
      published: true,
      titleEn: 'Later',
      titleEs: 'Después',
      summaryEn: 'S',
      summaryEs: 'S',
      bodyEn: 'B',
      bodyEs: 'B',
      quiz: RIGHT_LATER,
    })
    try {
      expect(await overview(buyer)).toMatchObject({
        passed: 2,
        total: 3,
        certified: true,
        nextLessonId: 'later-lesson',
      })
      expect((await certifiedRow(buyer)).certifiedBuyer).toBe(true)
      await attempt(buyer, 'later-lesson', { q1: 0 })
      expect(await noticesOf(buyer)).toHaveLength(1)
      expect(await mailsOf(buyer)).toHaveLength(1)
    } finally {
      await t.db.delete(trainingLessons).where(eq(trainingLessons.slug, 'later-lesson'))
    }
  })
})

const RIGHT_LATER = [
  {
    id: 'q1',
    answer: 0,
    en: {
      prompt: 'P',
      options: [
        { text: 'A', why: 'Yes' },
        { text: 'B', why: 'No' },
      ],
    },
    es: {
      prompt: 'P',
      options: [
        { text: 'A', why: 'Sí' },
        { text: 'B', why: 'No' },
      ],
    },
  },
]
