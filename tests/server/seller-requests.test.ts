import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type SellerRequestInput } from '../../src/contract'
import { auditLog, sellerRequests } from '../../server/db/schema'
import { updateUserRow } from '../../server/modules/users/repository'
import { callerWith, type Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { client } from './contract-client'
import { uniqueListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'
import { latestMail } from './identity-helpers'

/*
 * Seller access by approval: a buyer asks, every admin hears of it in the bell, an admin approves (the buyer
 * becomes a seller and can list) or declines with a reason; the requester gets a notice and a mail in their
 * language, and each decision is in the audit log.
 */
let t: TestApp
let admin: Caller

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://keyway.example' } })
  admin = await person(t, ['admin'], 'Ada', 'Admin')
})
afterAll(() => t.close())

const asking: SellerRequestInput = {
  companyName: 'Desert Deals LLC',
  phone: '(602) 555-0142',
  sells: 'Wholesale single-family homes in Phoenix',
  note: 'Ten deals a month.',
}

const noticesOf = async (caller: Caller, type: string) =>
  (await client(t.app, caller).ok(endpoints.notifications)).notifications.filter((notice) => notice.type === type)

const auditOf = (requestId: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, requestId))

describe('asking for seller access', () => {
  it('records the request, shows it to its author as pending, and tells the admins', async () => {
    const buyer = await person(t, ['buyer'], 'Bea', 'Buyer')
    expect(await client(t.app, buyer).ok(endpoints.mySellerRequest)).toEqual({ request: null })
    const created = await client(t.app, buyer).ok(endpoints.createSellerRequest, { body: asking })
    expect(created).toMatchObject({ ...asking, phone: '6025550142', status: 'pending', reason: null })
    expect((await client(t.app, buyer).ok(endpoints.mySellerRequest)).request).toEqual(created)
    const [notice] = (await noticesOf(admin, 'seller_request')).filter((item) => item.senderName === 'Bea Buyer')
    expect(notice?.message).toBe('Bea Buyer asked for seller access (Desert Deals LLC).')
  })

  it('judges the form: company, phone and what they sell are required, in the caller’s language', async () => {
    const buyer = await callerWith(t, ['buyer'])
    const res = await client(t.app, buyer).send(endpoints.createSellerRequest, {
      body: { companyName: '  ', phone: '123', sells: '', note: 'x'.repeat(1001) },
      headers: { 'accept-language': 'es' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().fields).toEqual({
      companyName: 'Este campo es obligatorio.',
      phone: expect.any(String),
      sells: 'Este campo es obligatorio.',
      note: expect.stringContaining('1000'),
    })
    expect((await client(t.app, buyer).ok(endpoints.mySellerRequest)).request).toBeNull()
  })

  it('keeps one pending request per person (409), and refuses someone who already sells', async () => {
    const buyer = await callerWith(t, ['buyer'])
    await client(t.app, buyer).ok(endpoints.createSellerRequest, { body: asking })
    const again = await client(t.app, buyer).send(endpoints.createSellerRequest, { body: asking })
    expect([again.statusCode, again.json().code]).toEqual([409, 'seller_request_pending'])
    expect(again.json().message).toMatch(/already have a seller access request under review/)

    const seller = await callerWith(t, ['originator'])
    const refused = await client(t.app, seller).send(endpoints.createSellerRequest, { body: asking })
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'already_seller'])
  })
})

describe('deciding a request', () => {
  it('approving grants the seller role, so the buyer can list; the buyer hears of it in their language', async () => {
    const buyer = await person(t, ['buyer'], 'Sofía', 'Compradora')
    await updateUserRow(t.db, buyer.id, { language: 'es' })
    const request = await client(t.app, buyer).ok(endpoints.createSellerRequest, { body: asking })
    const before = await client(t.app, buyer).send(endpoints.createDeal, { body: uniqueListing() as never })
    expect(before.statusCode).toBe(403)

    const decided = await client(t.app, admin).ok(endpoints.adminApproveSellerRequest, { params: { id: request.id } })
    expect(decided).toMatchObject({
      status: 'approved',
      requester: { id: buyer.id, name: 'Sofía Compradora' },
      decidedBy: { id: admin.id, name: 'Ada Admin' },
    })
    expect((await client(t.app, buyer).ok(endpoints.me)).roles).toEqual(['buyer', 'originator'])
    const after = await client(t.app, buyer).send(endpoints.createDeal, { body: uniqueListing() as never })
    expect(after.statusCode).toBe(201)

    const [notice] = await noticesOf(buyer, 'seller_request_approved')
    expect(notice?.message).toBe('Tu solicitud de acceso de vendedor fue aprobada. Ya puedes publicar propiedades.')
    const mail = await latestMail(t.app, buyer.email)
    expect(mail).toMatchObject({
      template: 'sellerRequestApproved',
      subject: 'Tu acceso de vendedor en Keyway fue aprobado',
    })
    expect(mail!.text).toContain('https://keyway.example/deals/new')

    const [entry] = await auditOf(request.id)
    expect(entry).toMatchObject({
      action: 'seller_request.approve',
      actorId: admin.id,
      targetType: 'seller_request',
      targetLabel: buyer.email,
      before: { status: 'pending', roles: ['buyer'] },
      after: { status: 'approved', roles: ['buyer', 'originator'] },
    })
    const twice = await client(t.app, admin).send(endpoints.adminApproveSellerRequest, { params: { id: request.id } })
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'seller_request_decided'])
  })

  it('declining needs a reason, which the requester reads; they may then ask again', async () => {
    const buyer = await person(t, ['buyer'], 'Bo', 'Buyer')
    const request = await client(t.app, buyer).ok(endpoints.createSellerRequest, { body: asking })
    const params = { id: request.id }
    const bare = await client(t.app, admin).send(endpoints.adminDeclineSellerRequest, { params, body: { reason: ' ' } })
    expect([bare.statusCode, bare.json().fields]).toEqual([400, { reason: 'This field is required.' }])
    expect((await client(t.app, buyer).ok(endpoints.mySellerRequest)).request?.status).toBe('pending')

    const reason = 'Please add a company website.'
    await client(t.app, admin).ok(endpoints.adminDeclineSellerRequest, { params, body: { reason } })
    const mine = (await client(t.app, buyer).ok(endpoints.mySellerRequest)).request
    expect(mine).toMatchObject({ status: 'declined', reason })
    expect((await client(t.app, buyer).ok(endpoints.me)).roles).toEqual(['buyer'])

    const [notice] = await noticesOf(buyer, 'seller_request_declined')
    expect(notice?.message).toBe(`Your seller access request was declined. Reason: ${reason}`)
    const mail = await latestMail(t.app, buyer.email)
    expect(mail).toMatchObject({ template: 'sellerRequestDeclined' })
    expect(mail!.text).toContain(reason)
    expect(await auditOf(request.id)).toMatchObject([{ action: 'seller_request.decline', reason }])

    await client(t.app, buyer).ok(endpoints.createSellerRequest, { body: asking })
  })

  it('lists requests newest first, by status, a page at a time, with who decided', async () => {
    const first = await callerWith(t, ['buyer'])
    const second = await callerWith(t, ['buyer'])
    const a = await client(t.app, first).ok(endpoints.createSellerRequest, { body: asking })
    const b = await client(t.app, second).ok(endpoints.createSellerRequest, { body: asking })
    // The two newest of all, the second a minute after the first (the list is newest first).
    const later = Date.parse(b.createdAt) + 3_600_000
    await t.db
      .update(sellerRequests)
      .set({ createdAt: new Date(later - 60_000) })
      .where(eq(sellerRequests.id, a.id))
    await t.db
      .update(sellerRequests)
      .set({ createdAt: new Date(later) })
      .where(eq(sellerRequests.id, b.id))
    const pending = await client(t.app, admin).ok(endpoints.adminSellerRequests, {
      query: { status: 'pending', pageSize: 2 },
    })
    expect(pending.items.map((item) => item.id)).toEqual([b.id, a.id])
    expect(pending.items.every((item) => item.status === 'pending' && item.decidedBy === null)).toBe(true)
    const next = await client(t.app, admin).ok(endpoints.adminSellerRequests, {
      query: { status: 'pending', pageSize: 2, page: 2 },
    })
    expect(next.items.map((item) => item.id)).not.toContain(b.id)
    expect(pending.total).toBeGreaterThanOrEqual(2)

    await client(t.app, admin).ok(endpoints.adminDeclineSellerRequest, { params: { id: a.id }, body: { reason: 'No' } })
    const declined = await client(t.app, admin).ok(endpoints.adminSellerRequests, { query: { status: 'declined' } })
    expect(declined.items.find((item) => item.id === a.id)?.decidedBy?.id).toBe(admin.id)
  })

  it('is for admins only: buyers and sellers get 403, an unknown request 404', async () => {
    const buyer = await callerWith(t, ['buyer'])
    const seller = await callerWith(t, ['originator'])
    const request = await client(t.app, buyer).ok(endpoints.createSellerRequest, { body: asking })
    const params = { id: request.id }
    for (const caller of [buyer, seller]) {
      const as = client(t.app, caller)
      expect((await as.send(endpoints.adminSellerRequests)).statusCode).toBe(403)
      expect((await as.send(endpoints.adminApproveSellerRequest, { params })).statusCode).toBe(403)
      expect((await as.send(endpoints.adminDeclineSellerRequest, { params, body: { reason: 'no' } })).statusCode).toBe(
        403,
      )
    }
    expect((await client(t.app, buyer).ok(endpoints.mySellerRequest)).request?.status).toBe('pending')
    const unknown = await client(t.app, admin).send(endpoints.adminApproveSellerRequest, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
    })
    expect(unknown.statusCode).toBe(404)
  })
})
