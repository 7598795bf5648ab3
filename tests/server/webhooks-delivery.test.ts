import { eq, sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { endpoints, type OfferInput } from '../../src/contract'
import type { DbConnection } from '../../server/db/client'
import { webhookAttempts, webhookDeliveries } from '../../server/db/schema'
import { sendWebhook, DELIVERY_TIMEOUT_MS } from '../../server/modules/webhooks/send'
import { BACKOFF_SECONDS, MAX_ATTEMPTS } from '../../server/modules/webhooks/service'
import { callerWith, type Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { fakeClock } from './identity-helpers'
import { createTestApp, createTestDb, type TestApp } from './helpers'
import { makeJobsDue, runJobs } from './jobs-helpers'
import { startReceiver, tableResolver, webhookHeaders, type Receiver } from './webhooks-helpers'

// The receivers listen on 127.0.0.1: these tests use the escape hatch, the refusals are in webhooks.test.ts.
const env = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }
const dns = tableResolver({ 'hooks.example.test': ['127.0.0.1'] })
// Starts at the real time, so the signature's timestamp is within the package's 5-minute tolerance.
const clock = fakeClock(new Date())

let connection: DbConnection
let t: TestApp
let buyer: Caller
const receivers: Receiver[] = []

beforeAll(async () => {
  connection = await createTestDb()
  t = await createTestApp({ env, connection, now: clock.now, webhooks: { resolve: dns.resolve } })
  buyer = await person(t, ['buyer'], 'Bea', 'Buyer')
})
afterEach(async () => {
  // Back to the real time: signatures are judged against it, and the callers' tokens too.
  clock.set(new Date())
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()))
})
afterAll(async () => {
  await t.close()
  await connection.close()
})

async function receiver(respond?: Parameters<typeof startReceiver>[0]) {
  const started = await startReceiver(respond)
  receivers.push(started)
  return started
}

/** A seller whose webhook points at `url`, with the secret they were shown. */
async function sellerWithWebhook(app: TestApp, url: string) {
  const seller = await person(app, ['originator'], 'Sam', 'Seller')
  const { secret } = await client(app.app, seller).ok(endpoints.rotateWebhookSecret)
  await client(app.app, seller).ok(endpoints.updateWebhookSettings, { body: { enabled: true, url } })
  return { seller, secret }
}

const cashOffer = { type: 'cash', purchasePrice: 240000, closeOfEscrowDate: '2099-06-30' } as OfferInput

const deliveriesOf = (seller: Caller) => client(t.app, seller).ok(endpoints.listWebhookDeliveries)

/** The delivery's attempts still waiting in the job system, with the time each may start. */
async function nextAttemptJobs(deliveryId: string) {
  const result = await t.db.execute(
    sql`select data, start_after from pgboss.job where name = 'webhook-delivery' and state in ('created', 'retry')
      and data->>'deliveryId' = ${deliveryId}`,
  )
  return (result as unknown as { rows: { data: { attempt: number }; start_after: string | Date }[] }).rows.map(
    (row) => ({ attempt: row.data.attempt, startAfter: new Date(row.start_after).toISOString() }),
  )
}

describe('offer events', () => {
  it('POSTs a signed offer.created, then offer.accepted, that the standardwebhooks package verifies', async () => {
    const hook = await receiver()
    const { seller, secret } = await sellerWithWebhook(t, hook.url())
    const deal = await createListing(t, seller)
    const offer = await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer })
    // The offer's request did not wait for the receiver: the event is queued for the worker.
    expect(hook.received).toEqual([])
    expect((await deliveriesOf(seller)).items).toMatchObject([{ type: 'offer.created', status: 'pending' }])

    await runJobs(t.app)
    expect(hook.received).toHaveLength(1)
    const [created] = hook.received
    const verified = new Webhook(secret).verify(created!.body, webhookHeaders(created!.headers))
    expect(verified).toMatchObject({
      type: 'offer.created',
      timestamp: expect.any(String),
      data: {
        offer: { id: offer.id, dealId: deal.id, type: 'cash', purchasePrice: 240000, status: 'submitted' },
        deal: { id: deal.id, status: 'active', streetAddress: deal.streetAddress },
      },
    })
    expect(created!.headers['content-type']).toBe('application/json')
    // A wrong secret does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        created!.body,
        webhookHeaders(created!.headers),
      ),
    ).toThrow()

    await client(t.app, seller).ok(endpoints.acceptOffer, { params: { offerId: offer.id } })
    await runJobs(t.app)
    const accepted = new Webhook(secret).verify(hook.received[1]!.body, webhookHeaders(hook.received[1]!.headers))
    expect(accepted).toMatchObject({
      type: 'offer.accepted',
      data: { offer: { id: offer.id, status: 'accepted' }, deal: { id: deal.id, status: 'pending' } },
    })
    expect((await deliveriesOf(seller)).items).toMatchObject([
      { type: 'offer.accepted', status: 'delivered', attempts: 1, lastStatusCode: 200 },
      { type: 'offer.created', status: 'delivered', attempts: 1, lastStatusCode: 200 },
    ])
  })

  it('queues nothing for a seller whose webhook is off, and nothing when the offer is refused', async () => {
    const hook = await receiver()
    const { seller } = await sellerWithWebhook(t, hook.url())
    await client(t.app, seller).ok(endpoints.updateWebhookSettings, { body: { enabled: false, url: hook.url() } })
    const deal = await createListing(t, seller)
    await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer })
    const late = { ...cashOffer, closeOfEscrowDate: '2001-01-01' } as OfferInput
    await client(t.app, seller).ok(endpoints.updateWebhookSettings, { body: { enabled: true, url: hook.url() } })
    expect(
      (await client(t.app, buyer).send(endpoints.submitOffer, { params: { id: deal.id }, body: late })).statusCode,
    ).toBe(400)
    await runJobs(t.app)
    expect(hook.received).toEqual([])
    expect((await deliveriesOf(seller)).items).toEqual([])
  })
})

describe('retries', () => {
  it('retries a failing receiver on its schedule on the job system, 6 attempts in all, each recorded', async () => {
    const hook = await receiver((res) => {
      res.writeHead(500)
      res.end('down')
    })
    const { seller } = await sellerWithWebhook(t, hook.url())
    const queued = await client(t.app, seller).ok(endpoints.sendWebhookTest)

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await runJobs(t.app)
      expect(hook.received).toHaveLength(attempt)
      const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued.id))
      expect(row).toMatchObject({ attempts: attempt, lastStatusCode: 500, lastError: 'http_status' })
      if (attempt === MAX_ATTEMPTS) {
        expect(row).toMatchObject({ status: 'failed', nextAttemptAt: null })
        break
      }
      // The log shows the next attempt 30 s × 4^(n−1) after this one, and its job waits until then.
      const wait = BACKOFF_SECONDS[attempt - 1]! * 1000
      expect(row!.status).toBe('pending')
      expect(row!.nextAttemptAt!.getTime() - row!.lastAttemptAt!.getTime()).toBe(wait)
      expect(await nextAttemptJobs(queued.id)).toEqual([
        { attempt: attempt + 1, startAfter: row!.nextAttemptAt!.toISOString() },
      ])
      // Not before its time...
      await runJobs(t.app)
      expect(hook.received).toHaveLength(attempt)
      // ...and then it goes.
      clock.advance(wait)
      await makeJobsDue(t.app)
    }
    await makeJobsDue(t.app)
    await runJobs(t.app)
    expect(hook.received).toHaveLength(MAX_ATTEMPTS)
    expect(await nextAttemptJobs(queued.id)).toEqual([])
    clock.set(new Date())
    // The same event each time (one webhook-id), every attempt on record.
    expect(new Set(hook.received.map((request) => request.headers['webhook-id']))).toEqual(new Set([queued.eventId]))
    const attempts = await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, queued.id))
    expect(attempts.map((row) => [row.attempt, row.statusCode]).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => [n, 500]))
    expect((await deliveriesOf(seller)).items[0]).toMatchObject({
      status: 'failed',
      attempts: 6,
      lastStatusCode: 500,
      nextAttemptAt: null,
    })
  })

  it('delivers on a later attempt once the receiver is back, and makes no attempt after', async () => {
    let up = false
    const hook = await receiver((res) => {
      res.writeHead(up ? 200 : 503)
      res.end()
    })
    const { seller } = await sellerWithWebhook(t, hook.url())
    const queued = await client(t.app, seller).ok(endpoints.sendWebhookTest)
    await runJobs(t.app)
    expect((await deliveriesOf(seller)).items[0]).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 503 })
    up = true
    await makeJobsDue(t.app)
    await runJobs(t.app)
    expect((await deliveriesOf(seller)).items[0]).toMatchObject({
      id: queued.id,
      status: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
      nextAttemptAt: null,
    })
    await makeJobsDue(t.app)
    await runJobs(t.app)
    expect(hook.received).toHaveLength(2)
  })

  it('does not follow a redirect: a 3xx is a failed attempt and its target hears nothing', async () => {
    const hook = await receiver((res, request) => {
      if (request.path === '/hook') {
        res.writeHead(307, { location: '/elsewhere' })
        res.end()
      } else {
        res.writeHead(200)
        res.end()
      }
    })
    const { seller } = await sellerWithWebhook(t, hook.url())
    await client(t.app, seller).ok(endpoints.sendWebhookTest)
    await runJobs(t.app)
    expect(hook.received.map((request) => request.path)).toEqual(['/hook'])
    expect((await deliveriesOf(seller)).items[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 307,
      lastError: 'redirect',
    })
  })

  it('keeps the queue in the database: a delivery queued before a restart goes out after it', async () => {
    const hook = await receiver()
    const first = await createTestApp({ env, connection, now: clock.now })
    const { seller, secret } = await sellerWithWebhook(first, hook.url())
    const deal = await createListing(first, seller)
    const offer = await client(first.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer })
    await first.close()
    expect(hook.received).toEqual([])

    const second = await createTestApp({ env, connection, now: clock.now })
    try {
      await runJobs(second.app)
    } finally {
      await second.close()
    }
    expect(hook.received).toHaveLength(1)
    const verified = new Webhook(secret).verify(hook.received[0]!.body, webhookHeaders(hook.received[0]!.headers))
    expect(verified).toMatchObject({ type: 'offer.created', data: { offer: { id: offer.id } } })
  })
})

describe('the connection', () => {
  it('goes to the address that was checked, resolving the name once per attempt', async () => {
    const hook = await receiver()
    const { seller, secret } = await sellerWithWebhook(t, `http://hooks.example.test:${hook.port}/hook`)
    dns.calls.length = 0
    await client(t.app, seller).ok(endpoints.sendWebhookTest)
    await runJobs(t.app)
    expect(dns.calls).toEqual(['hooks.example.test'])
    expect(hook.received).toHaveLength(1)
    expect(hook.received[0]!.headers.host).toBe(`hooks.example.test:${hook.port}`)
    expect(new Webhook(secret).verify(hook.received[0]!.body, webhookHeaders(hook.received[0]!.headers))).toMatchObject(
      {
        type: 'webhook.test',
      },
    )
  })

  it('counts a receiver that cannot be reached as a failed attempt to retry', async () => {
    const gone = await receiver()
    await gone.close()
    receivers.splice(receivers.indexOf(gone), 1)
    const seller = await callerWith(t, ['originator'])
    await client(t.app, seller).ok(endpoints.rotateWebhookSecret)
    await client(t.app, seller).ok(endpoints.updateWebhookSettings, { body: { enabled: true, url: gone.url() } })
    await client(t.app, seller).ok(endpoints.sendWebhookTest)
    await runJobs(t.app)
    expect((await deliveriesOf(seller)).items[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: null,
      lastError: 'network',
    })
  })

  it('gives up on a receiver that does not answer within 5 seconds (a failed attempt: timeout)', async () => {
    const silent = await receiver(() => {
      // Never answers.
    })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const url = new URL(silent.url())
      const result = sendWebhook({ url, address: '127.0.0.1', family: 4 }, '{}', {})
      // Let the request reach the receiver (real sockets; only the timers are fake).
      while (silent.received.length === 0) await new Promise((resolve) => setImmediate(resolve))
      let settled = false
      void result.then(() => (settled = true))
      await vi.advanceTimersByTimeAsync(DELIVERY_TIMEOUT_MS - 1)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(await result).toEqual({ ok: false, statusCode: null, error: 'timeout' })
    } finally {
      vi.useRealTimers()
    }
  })
})
