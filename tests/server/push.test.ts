import { createECDH, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { timeZoneOfState } from '../../src/contract/time-zones'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'
import { jobsIn, makeJobsDue, runJobs } from './jobs-helpers'

// Browser push (issue 25), end to end on the server: a "browser" (an ECDH P-256 key pair and an auth
// secret) subscribes through the API; the push-delivery job encrypts and posts to a local push endpoint,
// which decrypts what it receives as the browser would.

type Ece = { decrypt(body: Buffer, params: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer }
const ece = createRequire(import.meta.url)('http_ece') as Ece
const PHOENIX = timeZoneOfState('AZ')

type Received = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }

function fakePushService() {
  const received: Received[] = []
  const answers: number[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) })
      response.writeHead(answers.shift() ?? 201)
      response.end()
    })
  })
  return { server, received, answers, base: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

function fakeBrowser() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    decrypt: (body: Buffer) =>
      JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString()) as unknown,
  }
}

describe('browser push', () => {
  const push = fakePushService()
  let t: TestApp
  let buyer: Caller
  let other: Caller
  let clock = new Date('2026-06-09T19:00:00Z') // noon in Phoenix

  beforeAll(async () => {
    await new Promise<void>((resolve) => push.server.listen(0, '127.0.0.1', resolve))
    t = await createTestApp({ now: () => clock })
    buyer = await callerWith(t)
    other = await callerWith(t)
  })
  afterAll(async () => {
    await t.close()
    await new Promise((resolve) => push.server.close(resolve))
  })
  beforeEach(() => {
    push.received.length = 0
    push.answers.length = 0
    clock = new Date('2026-06-09T19:00:00Z')
  })

  it('delivers an encrypted, VAPID-signed message the browser can decrypt', async () => {
    const browser = fakeBrowser()
    const { publicKey } = await client(t.app, buyer).ok(endpoints.getPushKey)
    await client(t.app, buyer).ok(endpoints.savePushSubscription, {
      body: { endpoint: `${push.base()}/push/one`, keys: browser.keys },
    })

    await t.app.push.send(t.app.db, {
      userId: buyer.id,
      title: 'New match: 92',
      body: 'Entry fee $18,000 ≤ your max $25,000',
      path: '/deals/abc',
      timeZone: PHOENIX,
    })
    await runJobs(t.app)

    expect(push.received).toHaveLength(1)
    const [message] = push.received
    expect(message!.path).toBe('/push/one')
    expect(message!.headers['content-encoding']).toBe('aes128gcm')
    expect(message!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`))
    expect(browser.decrypt(message!.body)).toEqual({
      title: 'New match: 92',
      body: 'Entry fee $18,000 ≤ your max $25,000',
      path: '/deals/abc',
    })
  })

  it('keeps the same VAPID key across restarts (kept in the database)', async () => {
    const first = await client(t.app, buyer).ok(endpoints.getPushKey)
    const again = await createTestApp({ connection: t.connection })
    try {
      const someone = await callerWith(again)
      expect(await client(again.app, someone).ok(endpoints.getPushKey)).toEqual(first)
    } finally {
      await again.close()
    }
  })

  it('holds a push at night until 8 am in the buyer’s zone', async () => {
    const browser = fakeBrowser()
    await client(t.app, buyer).ok(endpoints.savePushSubscription, {
      body: { endpoint: `${push.base()}/push/night`, keys: browser.keys },
    })
    clock = new Date('2026-06-10T05:30:00Z') // 22:30 in Phoenix
    await t.app.push.send(t.app.db, { userId: buyer.id, title: 'Late', body: 'b', path: '/deals', timeZone: PHOENIX })
    await makeJobsDue(t.app)
    await runJobs(t.app)
    expect(push.received.filter((message) => message.path === '/push/night')).toHaveLength(0)

    clock = new Date('2026-06-10T15:01:00Z')
    await makeJobsDue(t.app)
    await runJobs(t.app)
    const night = push.received.filter((message) => message.path === '/push/night')
    expect(night.map((message) => browser.decrypt(message.body))).toEqual([{ title: 'Late', body: 'b', path: '/deals' }])
  })

  it('deletes a subscription the push service answers 410 Gone for', async () => {
    const browser = fakeBrowser()
    const endpoint = `${push.base()}/push/gone`
    await client(t.app, other).ok(endpoints.savePushSubscription, { body: { endpoint, keys: browser.keys } })
    push.answers.push(410)
    await t.app.push.send(t.app.db, { userId: other.id, title: 'x', body: 'y', path: '/', timeZone: PHOENIX })
    await runJobs(t.app)
    expect(push.received.map((message) => message.path)).toEqual(['/push/gone'])

    // Gone: the next message is not even tried, and deleting it finds nothing.
    await t.app.push.send(t.app.db, { userId: other.id, title: 'x', body: 'y', path: '/', timeZone: PHOENIX })
    await runJobs(t.app)
    expect(push.received).toHaveLength(1)
    const answer = await client(t.app, other).send(endpoints.deletePushSubscription, { query: { endpoint } })
    expect(answer.statusCode).toBe(404)
  })

  it('retries after a push service error', async () => {
    const browser = fakeBrowser()
    await client(t.app, other).ok(endpoints.savePushSubscription, {
      body: { endpoint: `${push.base()}/push/busy`, keys: browser.keys },
    })
    push.answers.push(503)
    await t.app.push.send(t.app.db, { userId: other.id, title: 'Again', body: 'b', path: '/', timeZone: PHOENIX })
    await runJobs(t.app)
    await makeJobsDue(t.app)
    await runJobs(t.app)
    expect(push.received.map((message) => browser.decrypt(message.body))).toEqual([
      { title: 'Again', body: 'b', path: '/' },
      { title: 'Again', body: 'b', path: '/' },
    ])
    expect((await jobsIn(t.app, 'push-delivery'))[0]?.state).toBe('completed')
  })

  it('lets only the owner delete a subscription', async () => {
    const endpoint = `${push.base()}/push/mine`
    await client(t.app, buyer).ok(endpoints.savePushSubscription, { body: { endpoint, keys: fakeBrowser().keys } })

    const theirs = await client(t.app, other).send(endpoints.deletePushSubscription, { query: { endpoint } })
    expect(theirs.statusCode).toBe(404)
    await client(t.app, buyer).ok(endpoints.deletePushSubscription, { query: { endpoint } })
    const again = await client(t.app, buyer).send(endpoints.deletePushSubscription, { query: { endpoint } })
    expect(again.statusCode).toBe(404)
  })

  it('asks for a signed-in user', async () => {
    expect((await client(t.app).send(endpoints.getPushKey)).statusCode).toBe(401)
    const body = { endpoint: 'https://push.example.com/x', keys: fakeBrowser().keys }
    expect((await client(t.app).send(endpoints.savePushSubscription, { body })).statusCode).toBe(401)
  })

  it('refuses a plain-http endpoint off this machine and bad keys, with field messages in the caller’s language', async () => {
    const keys = fakeBrowser().keys
    const http = await client(t.app, buyer).send(endpoints.savePushSubscription, {
      body: { endpoint: 'http://push.example.com/x', keys },
      headers: { 'accept-language': 'es' },
    })
    expect(http.statusCode).toBe(400)
    expect(http.json().fields.endpoint).toBe('El enlace debe empezar por https://.')

    const badKey = await client(t.app, buyer).send(endpoints.savePushSubscription, {
      body: { endpoint: 'https://push.example.com/x', keys: { ...keys, auth: 'not a key!' } },
    })
    expect(badKey.statusCode).toBe(400)
    expect(badKey.json().fields['keys.auth']).toBe('This is not a valid browser push key.')
  })
})

describe('browser push in production', () => {
  it('refuses a loopback http endpoint', async () => {
    const { isAllowedPushEndpoint } = await import('../../server/modules/push/routes')
    expect(isAllowedPushEndpoint('http://127.0.0.1:4000/push', true)).toBe(false)
    expect(isAllowedPushEndpoint('http://127.0.0.1:4000/push', false)).toBe(true)
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', true)).toBe(true)
  })
})
