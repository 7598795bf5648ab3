import { randomInt } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { HumanCheckChallengeSchema, type HumanCheckChallenge } from '../../src/contract'
import { auditLog, feedback, notifications } from '../../server/db/schema'
import { WRITE_LIMITS } from '../../server/http/write-limits'
import { call, callerWith, type Caller } from './accounts-helpers'
import { createTestApp, type TestApp } from './helpers'

const solve = (c: HumanCheckChallenge) => (c.operator === '+' ? c.a + c.b : c.a - c.b)
const newIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

type Upload = { name: string; type: string; bytes: Buffer }

function multipart(fields: Record<string, string>, file?: Upload) {
  const boundary = '----keyway-feedback-boundary'
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  )
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

describe('feedback', () => {
  let t: TestApp
  let buyer: Caller
  let seller: Caller
  let admin: Caller
  beforeAll(async () => {
    t = await createTestApp()
    ;[buyer, seller, admin] = await Promise.all([
      callerWith(t, ['buyer']),
      callerWith(t, ['originator']),
      callerWith(t, ['admin']),
    ])
  })
  afterAll(() => t.close())
  // A fresh sender per test: each one's submissions count against their own hourly limit.
  beforeEach(async () => {
    buyer = await callerWith(t, ['buyer'])
  })

  const answered = async () => {
    const check = HumanCheckChallengeSchema.parse((await call(t.app, 'GET', '/api/auth/public-human-check')).json())
    return { humanCheckToken: check.token, humanCheckAnswer: String(solve(check)) }
  }

  const send = async (
    as: Caller | null,
    fields: Record<string, string>,
    file?: Upload,
    headers: Record<string, string> = {},
  ) => {
    const body = multipart({ ...(await answered()), ...fields }, file)
    return t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: body.payload,
      headers: { ...body.headers, ...as?.headers, ...headers },
      remoteAddress: newIp(),
    })
  }
  const bug = (comment = 'The map is blank', page = '/deals?state=AZ') => ({ type: 'bug', comment, page })
  const noticesOf = async (userId: string, type: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
  const screenshotOf = (id: string, as: Caller | null) =>
    t.app.inject({ method: 'GET', url: `/api/admin/feedback/${id}/screenshot`, headers: { ...as?.headers } })

  it('needs a signed-in user', async () => {
    expect((await send(null, bug())).statusCode).toBe(401)
  })

  it('stores a trimmed bug report with the page it came from, lists it as the sender’s own, and tells the admins', async () => {
    const before = (await noticesOf(admin.id, 'feedback_received')).length
    const res = await send(buyer, bug('  The map is blank on Safari  '))
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      type: 'bug',
      comment: 'The map is blank on Safari',
      page: '/deals?state=AZ',
      status: 'open',
      hasScreenshot: false,
      ownersClub: false,
    })
    const mine = (await call(t.app, 'GET', '/api/feedback/mine', { as: buyer })).json()
    expect(mine.items[0]).toMatchObject({ id: res.json().id, status: 'open' })
    const notices = await noticesOf(admin.id, 'feedback_received')
    expect(notices).toHaveLength(before + 1)
    expect(notices.at(-1)!.message).toContain('Bug report from')
    expect(notices.at(-1)!.message).toContain('The map is blank on Safari')
  })

  it('refuses a missing type or comment, a comment over 500 characters and a wrong human check, with field messages', async () => {
    const empty = await send(buyer, { type: 'bug', comment: '   ' }, undefined, { 'accept-language': 'es' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().fields).toEqual({ comment: 'Este campo es obligatorio.' })
    const noType = await send(buyer, { comment: 'Hello' })
    expect(noType.statusCode).toBe(400)
    expect(Object.keys(noType.json().fields)).toEqual(['type'])
    expect((await send(buyer, { type: 'idea', comment: 'x' })).statusCode).toBe(400)
    expect((await send(buyer, { type: 'question', comment: 'a'.repeat(501) })).statusCode).toBe(400)
    expect((await send(buyer, { type: 'question', comment: 'a'.repeat(500) })).statusCode).toBe(201)
    const wrong = await send(buyer, { ...bug(), humanCheckAnswer: '-1' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().fields).toEqual({ humanCheck: 'That answer is not right. Try the new question.' })
    expect((await send(buyer, { ...bug(), page: 'https://elsewhere.example/x' })).statusCode).toBe(400)
  })

  it('judges the screenshot by its content: a PNG named .txt is an image, a text named .png is not', async () => {
    const png = await send(buyer, bug(), { name: 'notes.txt', type: 'text/plain', bytes: PNG })
    expect(png.statusCode).toBe(201)
    expect(png.json().hasScreenshot).toBe(true)
    const text = await send(buyer, bug(), { name: 'screen.png', type: 'image/png', bytes: Buffer.from('hello') })
    expect(text.statusCode).toBe(415)
    expect(text.json()).toMatchObject({
      message: 'Invalid file type',
      fields: { file: 'Please select an image file.' },
    })
  })

  it('refuses a screenshot of 10 MB or more, and one with a type other than a bug report', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)])
    const res = await send(buyer, bug(), { name: 'big.png', type: 'image/png', bytes: big })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({
      message: 'File too large',
      fields: { file: 'Please select an image smaller than 10MB.' },
    })
    const idea = await send(
      buyer,
      { type: 'feature', comment: 'Dark mode' },
      { name: 'a.png', type: 'image/png', bytes: PNG },
    )
    expect(idea.statusCode).toBe(400)
    expect(Object.keys(idea.json().fields)).toEqual(['file'])
  })

  it('strips the screenshot’s metadata and serves it to admins only', async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#884422' } })
      .jpeg()
      .withExifMerge({ IFD0: { Artist: 'Rosa Mendez' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer()
    expect(photo.includes('Rosa Mendez')).toBe(true)
    const res = await send(buyer, bug(), { name: 'screen.jpg', type: 'image/jpeg', bytes: photo })
    expect(res.statusCode).toBe(201)
    const { id } = res.json() as { id: string }

    expect((await screenshotOf(id, buyer)).statusCode).toBe(403)
    expect((await screenshotOf(id, seller)).statusCode).toBe(403)
    expect((await screenshotOf(id, null)).statusCode).toBe(401)
    const served = await screenshotOf(id, admin)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.rawPayload.includes('Rosa Mendez')).toBe(false)
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 20 })
    expect(meta.exif).toBeUndefined()
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, id))
    expect(row!.screenshotKey).not.toContain('/')
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${row!.screenshotKey}` })).statusCode).toBe(404)
  })

  it('takes /owners-feedback from sellers, owners and admins only, marked for the admins', async () => {
    expect((await send(buyer, { ...bug(), ownersClub: 'true' })).statusCode).toBe(403)
    const res = await send(seller, { ...bug('Owners club idea'), ownersClub: 'true' })
    expect(res.statusCode).toBe(201)
    const list = (await call(t.app, 'GET', '/api/admin/feedback?q=Owners%20club%20idea', { as: admin })).json()
    expect(list.items).toHaveLength(1)
    expect(list.items[0]).toMatchObject({ ownersClub: true, sender: { email: seller.email } })
  })

  it('lets admins filter and search, and refuses the review to buyers and sellers', async () => {
    await send(buyer, { type: 'question', comment: 'How do offers work?', page: '/help' })
    const byType = (await call(t.app, 'GET', '/api/admin/feedback?type=question&status=open', { as: admin })).json()
    expect(byType.items.length).toBeGreaterThan(0)
    expect(byType.items.every((item: { type: string }) => item.type === 'question')).toBe(true)
    const found = (await call(t.app, 'GET', '/api/admin/feedback?q=offers%20work', { as: admin })).json()
    expect(found.items.map((item: { comment: string }) => item.comment)).toEqual(['How do offers work?'])
    for (const who of [buyer, seller]) {
      expect((await call(t.app, 'GET', '/api/admin/feedback', { as: who })).statusCode).toBe(403)
      const id = found.items[0].id
      expect(
        (await call(t.app, 'PATCH', `/api/admin/feedback/${id}`, { as: who, body: { status: 'resolved' } })).statusCode,
      ).toBe(403)
      expect((await call(t.app, 'DELETE', `/api/admin/feedback/${id}`, { as: who })).statusCode).toBe(403)
    }
  })

  it('changes the status with an audit entry, and tells the sender when theirs is resolved', async () => {
    const { id } = (await send(buyer, bug('Resolve me'))).json() as { id: string }
    const resolvedBefore = (await noticesOf(buyer.id, 'feedback_resolved')).length
    const progress = await call(t.app, 'PATCH', `/api/admin/feedback/${id}`, {
      as: admin,
      body: { status: 'in_progress' },
    })
    expect(progress.json()).toMatchObject({ status: 'in_progress' })
    expect(await noticesOf(buyer.id, 'feedback_resolved')).toHaveLength(resolvedBefore)
    const done = await call(t.app, 'PATCH', `/api/admin/feedback/${id}`, { as: admin, body: { status: 'resolved' } })
    expect(done.json()).toMatchObject({ status: 'resolved' })
    const told = await noticesOf(buyer.id, 'feedback_resolved')
    expect(told).toHaveLength(resolvedBefore + 1)
    expect(told.at(-1)!.message).toBe('Your feedback was resolved: Resolve me')
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id))
    expect(entries.map((e) => [e.action, e.before, e.after, e.actorId])).toEqual([
      ['feedback.status', { status: 'open' }, { status: 'in_progress' }, admin.id],
      ['feedback.status', { status: 'in_progress' }, { status: 'resolved' }, admin.id],
    ])
    const mine = (await call(t.app, 'GET', '/api/feedback/mine', { as: buyer })).json()
    expect(mine.items.find((item: { id: string }) => item.id === id).status).toBe('resolved')
  })

  it('deletes a report and its screenshot, with an audit entry; unknown ids are 404', async () => {
    const res = await send(buyer, bug('Delete me'), { name: 's.png', type: 'image/png', bytes: PNG })
    const { id } = res.json() as { id: string }
    const deleted = await call(t.app, 'DELETE', `/api/admin/feedback/${id}`, { as: admin })
    expect(deleted.json()).toEqual({ deleted: true })
    expect(await t.db.select().from(feedback).where(eq(feedback.id, id))).toEqual([])
    expect((await screenshotOf(id, admin)).statusCode).toBe(404)
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id))
    expect(entry).toMatchObject({ action: 'feedback.delete', targetType: 'feedback', actorId: admin.id })
    expect((await call(t.app, 'DELETE', `/api/admin/feedback/${id}`, { as: admin })).statusCode).toBe(404)
    expect((await call(t.app, 'DELETE', '/api/admin/feedback/nope', { as: admin })).statusCode).toBe(404)
  })

  it('answers 400 to broken multipart bodies, never a 5xx', async () => {
    const boundary = '----keyway-broken'
    const whole = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n${'x'.repeat(100)}\r\n--${boundary}--\r\n`
    const bodies: [string, string, string][] = [
      ['truncated inside a part', whole.slice(0, 150), `multipart/form-data; boundary=${boundary}`],
      ['cut off in the part header', whole.slice(0, 50), `multipart/form-data; boundary=${boundary}`],
      ['without a boundary parameter', whole, 'multipart/form-data'],
      ['not multipart at all', 'garbage', `multipart/form-data; boundary=${boundary}`],
    ]
    for (const [what, payload, contentType] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/feedback',
        payload,
        headers: { ...buyer.headers, 'content-type': contentType },
        remoteAddress: newIp(),
      })
      expect(res.statusCode, what).toBe(400)
      expect(res.json().code, what).toMatch(/^(malformed_multipart|invalid_input)$/)
    }
    const json = await call(t.app, 'POST', '/api/feedback', { as: buyer, body: { type: 'bug', comment: 'x' } })
    expect(json.statusCode).toBe(415)
  })

  it('limits submissions per user: past the limit 429, nothing stored', async () => {
    const sender = await callerWith(t, ['buyer'])
    const max = WRITE_LIMITS.submitFeedback[0]!.max
    for (let i = 0; i < max; i += 1) expect((await send(sender, bug(`Flood ${i}`))).statusCode).toBe(201)
    const refused = await send(sender, bug('One too many'))
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    const stored = await t.db.select().from(feedback).where(eq(feedback.userId, sender.id))
    expect(stored).toHaveLength(max)
  })
})
