import { fileURLToPath } from 'node:url'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, HIGHLIGHT_END, HIGHLIGHT_START } from '../../src/contract'
import { auditLog, mailOutbox, notifications } from '../../server/db/schema'
import { seedHelp } from '../../server/modules/help/seed'
import { updateUserRow } from '../../server/modules/users/repository'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'

const FIXTURES = fileURLToPath(new URL('./fixtures/help/', import.meta.url))

describe('the help centre', () => {
  let t: TestApp
  let admin: Caller
  let buyer: Caller
  let seller: Caller
  beforeAll(async () => {
    t = await createTestApp()
    await seedHelp(t.db, FIXTURES)
    admin = await callerWith(t, ['admin'])
    buyer = await callerWith(t, ['buyer'])
    seller = await callerWith(t, ['originator'])
  })
  afterAll(() => t.close())

  const visitor = () => client(t.app)
  const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1))[0]!

  it('reads without a token: home, an article with its related ones, the Q&As, in the language asked', async () => {
    const home = await visitor().ok(endpoints.helpHome, { query: { lang: 'es' } })
    expect(home.categories.map((c) => [c.id, c.name, c.articleCount])).toEqual([
      ['offers', 'Hacer ofertas', 1],
      ['risks', 'Riesgos', 1],
    ])
    expect(home.popular[0]!.id).toBe('entry-fee')
    expect(home.questions).toEqual([
      { id: 'can-i-inspect-before-closing', question: '¿Puedo inspeccionar la casa antes del cierre?' },
    ])
    const article = await visitor().ok(endpoints.helpArticle, { params: { id: 'entry-fee' }, query: { lang: 'en' } })
    expect(article).toMatchObject({ title: 'The entry fee', categoryName: 'Making offers' })
    expect(article.related.map((r) => r.title)).toEqual(['The due-on-sale clause'])
    const qa = await visitor().ok(endpoints.helpQuestion, { params: { id: 'can-i-inspect-before-closing' } })
    expect(qa).toMatchObject({ language: 'en', question: 'Can I inspect the house before closing?' })
    expect((await visitor().send(endpoints.helpArticle, { params: { id: 'nope' } })).statusCode).toBe(404)
  })

  it('seeds idempotently and keeps what an admin edited', async () => {
    expect(await seedHelp(t.db, FIXTURES)).toBe(0)
    await client(t.app, admin).ok(endpoints.adminHelpUpdateArticle, {
      params: { id: 'due-on-sale-clause' },
      body: { titleEn: 'Due on sale, explained' },
    })
    await seedHelp(t.db, FIXTURES)
    const article = await visitor().ok(endpoints.helpArticle, { params: { id: 'due-on-sale-clause' } })
    expect(article.title).toBe('Due on sale, explained')
  })

  it('fails on a bad content file with a message naming it', async () => {
    await expect(seedHelp(t.db, fileURLToPath(new URL('./fixtures/', import.meta.url)))).rejects.toThrow(
      /Help content .*categories\.json/,
    )
  })

  it('counts one helpful vote per reader per article; changing the answer moves the count', async () => {
    const vote = (helpful: boolean, agent: string) =>
      visitor().ok(endpoints.helpArticleVote, {
        params: { id: 'entry-fee' },
        body: { helpful },
        headers: { 'user-agent': agent },
      })
    expect(await vote(true, 'reader-a')).toEqual({ helpfulYes: 1, helpfulNo: 0 })
    expect(await vote(true, 'reader-a')).toEqual({ helpfulYes: 1, helpfulNo: 0 })
    expect(await vote(true, 'reader-b')).toEqual({ helpfulYes: 2, helpfulNo: 0 })
    expect(await vote(false, 'reader-a')).toEqual({ helpfulYes: 1, helpfulNo: 1 })
    const article = await visitor().ok(endpoints.helpArticle, { params: { id: 'entry-fee' } })
    expect([article.helpfulYes, article.helpfulNo]).toEqual([1, 1])
  })

  it('hides unpublished articles and pending questions; publishing an article needs both languages', async () => {
    const as = client(t.app, admin)
    const draft = await as.ok(endpoints.adminHelpCreateArticle, {
      body: {
        slug: 'balloon-payments',
        categoryId: 'risks',
        titleEn: 'Balloon payments',
        bodyEn: 'A balloon payment is due.',
      },
    })
    expect(draft.published).toBe(false)
    expect((await lastAudit()).action).toBe('help.article.create')
    expect((await visitor().send(endpoints.helpArticle, { params: { id: 'balloon-payments' } })).statusCode).toBe(404)
    expect((await visitor().ok(endpoints.helpSearch, { query: { q: 'balloon' } })).hits).toEqual([])

    const refused = await as.send(endpoints.adminHelpUpdateArticle, {
      params: { id: 'balloon-payments' },
      body: { published: true },
    })
    expect(refused.statusCode).toBe(409)
    await as.ok(endpoints.adminHelpUpdateArticle, {
      params: { id: 'balloon-payments' },
      body: { titleEs: 'Pagos globo', bodyEs: 'Un pago globo vence.', published: true },
    })
    expect((await lastAudit()).action).toBe('help.article.publish')
    expect((await visitor().ok(endpoints.helpSearch, { query: { q: 'balloon' } })).hits[0]!.id).toBe('balloon-payments')

    await as.ok(endpoints.adminHelpDeleteArticle, { params: { id: 'balloon-payments' } })
    expect((await lastAudit()).action).toBe('help.article.delete')
  })

  it('refuses admin endpoints to members (403) and to visitors (401)', async () => {
    for (const caller of [buyer, seller]) {
      expect((await client(t.app, caller).send(endpoints.adminHelpQuestions)).statusCode).toBe(403)
      expect((await client(t.app, caller).send(endpoints.adminHelpArticles)).statusCode).toBe(403)
      const created = await client(t.app, caller).send(endpoints.adminHelpCreateCategory, {
        body: { slug: 'x-y', nameEn: 'X', nameEs: 'X' },
      })
      expect(created.statusCode).toBe(403)
    }
    expect((await visitor().send(endpoints.adminHelpCategories)).statusCode).toBe(401)
    expect(
      (await visitor().send(endpoints.helpAsk, { body: { question: 'How do offers work here?' } })).statusCode,
    ).toBe(401)
  })

  it('asks → pending and private; the admin answers and publishes → public, the asker told by notice and mail', async () => {
    await updateUserRow(t.db, buyer.id, { language: 'es' })
    const short = await client(t.app, buyer).send(endpoints.helpAsk, { body: { question: 'Hola' } })
    expect(short.statusCode).toBe(400)
    const asked = await client(t.app, buyer).ok(endpoints.helpAsk, {
      body: { question: '¿Quién paga el seguro de la casa después del cierre?' },
    })
    expect(asked.status).toBe('pending')
    const adminNotices = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, 'help_question')))
    expect(adminNotices).toHaveLength(1)
    expect((await visitor().send(endpoints.helpQuestion, { params: { id: asked.id } })).statusCode).toBe(404)

    const queue = await client(t.app, admin).ok(endpoints.adminHelpQuestions)
    expect(queue.questions[0]).toMatchObject({ id: asked.id, status: 'pending', language: 'es' })

    const incomplete = await client(t.app, admin).send(endpoints.adminHelpUpdateQuestion, {
      params: { id: asked.id },
      body: { status: 'published' },
    })
    expect(incomplete.statusCode).toBe(409)
    await client(t.app, admin).ok(endpoints.adminHelpUpdateQuestion, {
      params: { id: asked.id },
      body: { answerEs: 'El **comprador** lo paga desde el cierre.', status: 'published' },
    })
    expect((await lastAudit()).action).toBe('help.question.published')

    const en = await visitor().ok(endpoints.helpQuestion, { params: { id: asked.id }, query: { lang: 'en' } })
    expect(en).toMatchObject({ language: 'es', answer: 'El **comprador** lo paga desde el cierre.' })
    const mine = await client(t.app, buyer).ok(endpoints.helpMyQuestions)
    expect(mine.questions[0]).toMatchObject({ id: asked.id, status: 'published' })
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.id), eq(notifications.type, 'help_answered')))
    expect(notice?.message).toContain('Tu pregunta recibió respuesta')
    const bell = await client(t.app, buyer).ok(endpoints.notifications)
    expect(bell.notifications.find((n) => n.type === 'help_answered')?.path).toBe(`/help/qa/${asked.id}`)
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'helpAnswered'))
    expect(mail?.language).toBe('es')
    expect(mail?.text).toContain(`/help/qa/${asked.id}`)
  })

  it('searches in the reader language, accent-insensitive, with highlight markers', async () => {
    const es = await visitor().ok(endpoints.helpSearch, { query: { q: 'clausula vencimiento', lang: 'es' } })
    expect(es.fuzzy).toBe(false)
    expect(es.hits[0]).toMatchObject({ kind: 'article', id: 'due-on-sale-clause' })
    const en = await visitor().ok(endpoints.helpSearch, { query: { q: 'entry fee', lang: 'en' } })
    expect(en.hits[0]!.id).toBe('entry-fee')
    expect(en.hits[0]!.snippet).toContain(`${HIGHLIGHT_START}fee${HIGHLIGHT_END}`)
    expect(en.hits[0]!.snippet).not.toMatch(/[#*]/)
    const typing = await visitor().ok(endpoints.helpSearch, { query: { q: 'inspec', lang: 'en' } })
    expect(typing.hits[0]!.id).toBe('can-i-inspect-before-closing')
    expect((await visitor().ok(endpoints.helpSearch, { query: { q: '  ' } })).hits).toEqual([])
  })

  it('tolerates typos when full text finds nothing (trigram similarity), saying so', async () => {
    const es = await visitor().ok(endpoints.helpSearch, { query: { q: 'enganshe', lang: 'es' } })
    expect(es.fuzzy).toBe(true)
    expect(es.hits[0]!.id).toBe('entry-fee')
    const en = await visitor().ok(endpoints.helpSearch, { query: { q: 'due on sael', lang: 'en' } })
    expect(en.fuzzy).toBe(true)
    expect(en.hits[0]!.id).toBe('due-on-sale-clause')
  })
})
