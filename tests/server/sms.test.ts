import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import RequestClient from 'twilio/lib/base/RequestClient'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { timeZoneOfState } from '../../src/contract/time-zones'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'
import { makeJobsDue, runJobs } from './jobs-helpers'

// Text messages (issue 25): recorded in the caller's transaction, delivered by the sms-delivery job through
// Twilio's official SDK, held by quiet hours in the buyer's time zone, retried after a provider error.

const SID = `AC${'0123456789abcdef'.repeat(2)}`
const TOKEN = 'test-auth-token-0123456789'
const FROM = '+15005550006'
const PHOENIX = timeZoneOfState('AZ')

type Received = { method: string; path: string; authorization: string; form: URLSearchParams }

/** A stand-in for api.twilio.com: records each request and answers with the next status in `answers`. */
function fakeTwilio() {
  const received: Received[] = []
  const answers: number[] = []
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        form: new URLSearchParams(body),
      })
      const status = answers.shift() ?? 201
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify(
          status < 300
            ? { sid: `SM${'a'.repeat(32)}`, status: 'queued', body: 'x' }
            : { code: 20500, message: 'Internal Server Error', status },
        ),
      )
    })
  })
  return { server, received, answers }
}

/** The SDK's own HTTP client, its requests sent to the local server instead of api.twilio.com. */
class LocalRequestClient extends RequestClient {
  constructor(private readonly base: string) {
    super()
  }
  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: opts.uri.replace(/^https:\/\/api\.twilio\.com/, this.base) })
  }
}

describe('text messages through Twilio', () => {
  const twilioServer = fakeTwilio()
  let t: TestApp
  let buyer: Caller
  let clock = new Date('2026-06-09T19:00:00Z')

  beforeAll(async () => {
    await new Promise<void>((resolve) => twilioServer.server.listen(0, '127.0.0.1', resolve))
    const { port } = twilioServer.server.address() as AddressInfo
    t = await createTestApp({
      env: { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM },
      now: () => clock,
      sms: { twilioHttpClient: new LocalRequestClient(`http://127.0.0.1:${port}`) },
    })
    buyer = await callerWith(t)
  })
  afterAll(async () => {
    await t.close()
    await new Promise((resolve) => twilioServer.server.close(resolve))
  })
  beforeEach(() => {
    twilioServer.received.length = 0
    twilioServer.answers.length = 0
  })

  const outbox = async () => (await client(t.app).ok(endpoints.devSmsOutbox)).texts

  it('sends a daytime text with the request Twilio expects', async () => {
    clock = new Date('2026-06-09T19:00:00Z') // 12:00 in Phoenix
    await t.app.sms.send(t.app.db, { userId: buyer.id, to: '6025550199', text: 'A new match', timeZone: PHOENIX })
    await runJobs(t.app)

    expect(twilioServer.received).toHaveLength(1)
    const [request] = twilioServer.received
    expect(request!.method).toBe('POST')
    expect(request!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`)
    expect(request!.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`)
    expect(Object.fromEntries(request!.form)).toEqual({ To: '+16025550199', From: FROM, Body: 'A new match' })
    expect((await outbox())[0]).toMatchObject({ to: '+16025550199', state: 'sent', attempts: 1, notBefore: null })
  })

  it('holds a text written at 10 pm in the buyer’s zone until 8 am there', async () => {
    clock = new Date('2026-06-10T05:00:00Z') // 22:00 on June 9 in Phoenix (UTC-7 all year)
    await t.app.sms.send(t.app.db, { userId: buyer.id, to: '6025550199', text: 'Late match', timeZone: PHOENIX })
    await runJobs(t.app)
    // Even once the database's clock finds the job due, the app's clock still says night: held again.
    clock = new Date('2026-06-10T09:00:00Z') // 2 am
    await makeJobsDue(t.app)
    await runJobs(t.app)
    expect(twilioServer.received).toHaveLength(0)
    expect((await outbox())[0]).toMatchObject({
      text: 'Late match',
      state: 'queued',
      notBefore: '2026-06-10T15:00:00.000Z',
    })

    clock = new Date('2026-06-10T15:01:00Z') // 8:01 am
    await makeJobsDue(t.app)
    await runJobs(t.app)
    expect(twilioServer.received.map((request) => request.form.get('Body'))).toEqual(['Late match'])
    expect((await outbox())[0]).toMatchObject({ text: 'Late match', state: 'sent' })
  })

  it('retries a text after a provider error, then sends it', async () => {
    clock = new Date('2026-06-10T18:00:00Z')
    twilioServer.answers.push(500)
    await t.app.sms.send(t.app.db, { userId: buyer.id, to: '(602) 555-0142', text: 'Retry me', timeZone: PHOENIX })
    await runJobs(t.app)
    expect((await outbox())[0]).toMatchObject({ text: 'Retry me', state: 'queued', attempts: 1 })
    expect((await outbox())[0]!.lastError).toBeTruthy()

    await makeJobsDue(t.app)
    await runJobs(t.app)
    expect(twilioServer.received.map((request) => request.form.get('To'))).toEqual(['+16025550142', '+16025550142'])
    expect((await outbox())[0]).toMatchObject({ text: 'Retry me', state: 'sent', attempts: 2, lastError: null })
  })

  it('sends nothing when the write that made the text rolls back', async () => {
    await t.app.db
      .transaction(async (tx) => {
        await t.app.sms.send(tx, { userId: buyer.id, to: '6025550199', text: 'Never', timeZone: PHOENIX })
        throw new Error('the write fails')
      })
      .catch(() => undefined)
    await runJobs(t.app)
    expect(twilioServer.received).toHaveLength(0)
    expect((await outbox()).map((text) => text.text)).not.toContain('Never')
  })
})

describe('text messages without an SMS provider', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2026-06-09T19:00:00Z') })
  })
  afterAll(() => t.close())

  it('records the text in the outbox the dev tools show', async () => {
    const buyer = await callerWith(t)
    await t.app.sms.send(t.app.db, { userId: buyer.id, to: '6025550199', text: 'Recorded', timeZone: PHOENIX })
    await runJobs(t.app)
    const { texts } = await client(t.app).ok(endpoints.devSmsOutbox, { query: { to: '+16025550199' } })
    expect(texts).toEqual([expect.objectContaining({ text: 'Recorded', state: 'recorded' })])
  })
})
