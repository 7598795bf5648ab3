import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type OfferInput } from '../../src/contract'
import { mailOutbox, notifications, offers, rateLimitCounters } from '../../server/db/schema'
import { countHit } from '../../server/http/rate-limit-store'
import { WRITE_LIMITS } from '../../server/http/write-limits'
import { call, callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'
import { createConfirmedUser, uniqueEmail } from './identity-helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://keyway.example' } })
})
afterAll(() => t.close())

const es = { 'accept-language': 'es' }
const interest = { message: 'Interested', name: 'Ana Ruiz', phone: '6025550101' }
const cashOffer = { type: 'cash', purchasePrice: 200000, closeOfEscrowDate: '2099-06-30' } as OfferInput
const mailsTo = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()))).length
const noticesOf = async (userId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).length

/** The refusal a flood gets: 429, when to come back, and why in the caller's language. */
function expectRefused(response: Awaited<ReturnType<TestApp['app']['inject']>>) {
  expect(response.statusCode).toBe(429)
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
  expect(response.json()).toEqual({
    code: 'rate_limited',
    message: expect.stringMatching(/^Lo has hecho demasiadas veces en poco tiempo\. Vuelve a intentarlo en \d+ min\.$/),
  })
}

describe('limits of writes that mail or notify', () => {
  it('refuses the offer past the limit with 429, and it is neither stored, mailed nor notified; others may offer', async () => {
    const seller = await callerWith(t, ['originator'])
    const [buyer, otherBuyer] = await Promise.all([callerWith(t), callerWith(t)])
    const max = WRITE_LIMITS.submitOffer[0]!.max
    const listings = []
    for (let i = 0; i <= max; i += 1)
      listings.push(await createListing(t, seller, { streetAddress: `${i + 1} Flood St` }))
    for (const deal of listings.slice(0, max)) {
      await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer })
    }
    const mailed = await mailsTo(seller.email)
    const noticed = await noticesOf(seller.id)
    const last = listings[max]!

    const refused = await client(t.app, buyer).send(endpoints.submitOffer, {
      params: { id: last.id },
      body: cashOffer,
      headers: es,
    })
    expectRefused(refused)
    expect(await t.db.select().from(offers).where(eq(offers.dealId, last.id))).toEqual([])
    expect(await mailsTo(seller.email)).toBe(mailed)
    expect(await noticesOf(seller.id)).toBe(noticed)

    // Another buyer is not affected.
    await client(t.app, otherBuyer).ok(endpoints.submitOffer, { params: { id: last.id }, body: cashOffer })
  }, 120_000)

  it('limits chat messages per user, whichever way they are sent', async () => {
    const seller = await callerWith(t, ['originator'])
    const [buyer, otherBuyer] = await Promise.all([callerWith(t), callerWith(t)])
    const deal = await createListing(t, seller)
    const max = WRITE_LIMITS.sendMessage[0]!.max
    const { threadId } = await client(t.app, buyer).ok(endpoints.startThread, {
      body: { dealId: deal.id, message: 'Hello' },
    })
    for (let i = 1; i < max; i += 1) {
      await client(t.app, buyer).ok(endpoints.sendMessage, { params: { threadId }, body: { message: `m${i}` } })
    }
    const page = await client(t.app, buyer).ok(endpoints.listMessages, { params: { threadId } })
    const refused = await client(t.app, buyer).send(endpoints.sendMessage, {
      params: { threadId },
      body: { message: 'one too many' },
      headers: es,
    })
    expectRefused(refused)
    expect(await client(t.app, buyer).ok(endpoints.listMessages, { params: { threadId } })).toEqual(page)
    await client(t.app, otherBuyer).ok(endpoints.startThread, { body: { dealId: deal.id, message: 'Hi' } })
  })

  it('limits invitations mailed to one outside address, whoever sends them, and mails nothing past it', async () => {
    const outsider = uniqueEmail('outsider')
    const max = WRITE_LIMITS.createInvitations[3]!.max
    const inviters: Caller[] = []
    for (let i = 0; i <= max; i += 1) inviters.push(await callerWith(t, ['originator']))
    for (const inviter of inviters.slice(0, max)) {
      const sent = await call(t.app, 'POST', '/api/invitations', {
        as: inviter,
        body: { role: 'buyer', email: outsider },
      })
      expect(sent.statusCode).toBe(200)
    }
    expect(await mailsTo(outsider)).toBe(max)

    const refused = await call(t.app, 'POST', '/api/invitations', {
      as: inviters[max],
      body: { role: 'buyer', email: outsider },
      headers: es,
    })
    expectRefused(refused)
    expect(await mailsTo(outsider)).toBe(max)
    // The same inviter may still invite someone else.
    const other = await call(t.app, 'POST', '/api/invitations', {
      as: inviters[max],
      body: { role: 'buyer', email: uniqueEmail('other') },
    })
    expect(other.statusCode).toBe(200)
  })

  it('limits the invitations one person mails to addresses that are not members per day', async () => {
    const inviter = await callerWith(t, ['originator'])
    const max = WRITE_LIMITS.createInvitations[2]!.max
    for (let i = 0; i < max; i += 1) {
      const sent = await call(t.app, 'POST', '/api/invitations', {
        as: inviter,
        body: { role: 'buyer', email: uniqueEmail('guest') },
      })
      expect(sent.statusCode).toBe(200)
    }
    const outsider = uniqueEmail('guest')
    expectRefused(
      await call(t.app, 'POST', '/api/invitations', {
        as: inviter,
        body: { role: 'buyer', email: outsider },
        headers: es,
      }),
    )
    expect(await mailsTo(outsider)).toBe(0)
    // A member's address is not an outsider's, and links to share by hand mail nobody.
    const member = await callerWith(t)
    const toMember = await call(t.app, 'POST', '/api/invitations', {
      as: inviter,
      body: { role: 'originator', email: member.email },
    })
    expect(toMember.statusCode).toBe(200)
    expect((await call(t.app, 'POST', '/api/invitations', { as: inviter, body: { role: 'buyer' } })).statusCode).toBe(
      200,
    )
  })

  it('limits writes per address too, across accounts', async () => {
    const seller = await callerWith(t, ['originator'])
    const deal = await createListing(t, seller)
    const ip = '203.0.113.77'
    const [perUser, perAddress] = WRITE_LIMITS.expressInterest.map((limit) => limit.max) as [number, number]
    // Sending an interest again (a changed message) tells the seller again: it counts as much as the first.
    const send = (buyer: Caller, extras: { ip?: string; headers?: Record<string, string> } = { ip }) =>
      client(t.app, buyer).send(endpoints.expressInterest, { params: { id: deal.id }, body: interest, ...extras })
    const buyers = await Promise.all(Array.from({ length: Math.ceil(perAddress / perUser) + 1 }, () => callerWith(t)))
    for (let sent = 0; sent < perAddress; sent += 1) {
      expect((await send(buyers[Math.floor(sent / perUser)]!)).statusCode).toBe(200)
    }
    const last = buyers.at(-1)!
    expectRefused(await send(last, { ip, headers: es }))
    expect((await send(last, { ip: '203.0.113.78' })).statusCode).toBe(200)
  })
})

describe('limits every server instance sees', () => {
  it('counts sign-in link requests per address in the database, so a second instance refuses the sixth', async () => {
    const second = await createTestApp({ connection: t.connection, env: { PUBLIC_URL: 'https://keyway.example' } })
    try {
      const user = await createConfirmedUser(t.app)
      const ip = '198.51.100.23'
      const ask = (app: TestApp['app']) =>
        call(app, 'POST', '/api/auth/public-signin-link', { body: { email: user.email }, ip, headers: es })
      for (const app of [t.app, second.app, t.app, second.app, t.app]) expect((await ask(app)).statusCode).toBe(202)
      const refused = await ask(second.app)
      expect(refused.statusCode).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect(refused.json()).toEqual({
        code: 'rate_limited',
        message: 'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.',
      })
    } finally {
      await second.close()
    }
  }, 60_000)
})

describe('the counters', () => {
  it('start a new window once one has ended, and a window that starts clears the ended ones', async () => {
    const at = new Date('2020-01-01T00:00:00Z')
    const later = new Date(at.getTime() + 2000)
    expect(await countHit(t.db, 'test:a', 1000, at)).toEqual({ current: 1, ttl: 1000 })
    expect(await countHit(t.db, 'test:a', 1000, at)).toEqual({ current: 2, ttl: 1000 })
    expect(await countHit(t.db, 'test:b', 1000, later)).toEqual({ current: 1, ttl: 1000 })
    expect(await t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, 'test:a'))).toEqual([])
    expect(await countHit(t.db, 'test:a', 1000, later)).toEqual({ current: 1, ttl: 1000 })
  })
})
