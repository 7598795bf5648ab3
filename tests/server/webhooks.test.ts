import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { loadConfig } from '../../server/config'
import { webhookAttempts, webhookDeliveries, webhookSettings } from '../../server/db/schema'
import { isPublicAddress } from '../../server/modules/webhooks/address'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'
import { runJobs } from './jobs-helpers'
import { tableResolver } from './webhooks-helpers'

// No escape hatch here: the addresses are judged as in production (NODE_ENV=test, https only).
const dns = tableResolver({
  'hooks.example.com': ['93.184.215.14'],
  'internal.example.com': ['10.1.2.3'],
  'mixed.example.com': ['93.184.215.14', '192.168.1.20'],
  'metadata.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'switching.example.com': ['93.184.215.14'],
  localhost: ['127.0.0.1', '::1'],
})

let t: TestApp
let seller: Caller
let otherSeller: Caller
let buyer: Caller
let admin: Caller
let owner: Caller

beforeAll(async () => {
  t = await createTestApp({ webhooks: { resolve: dns.resolve } })
  ;[seller, otherSeller, buyer, admin, owner] = await Promise.all([
    callerWith(t, ['originator']),
    callerWith(t, ['originator']),
    callerWith(t, ['buyer']),
    callerWith(t, ['admin']),
    callerWith(t, ['owner']),
  ])
})
afterAll(() => t.close())

const save = (as: Caller, body: { enabled: boolean; url: string | null }, language = 'en') =>
  client(t.app, as).send(endpoints.updateWebhookSettings, { body, headers: { 'accept-language': language } })

describe('who may read and change webhook settings', () => {
  it('refuses a buyer every endpoint (403) and nobody signed in (401)', async () => {
    const calls = [
      endpoints.getWebhookSettings,
      endpoints.rotateWebhookSecret,
      endpoints.sendWebhookTest,
      endpoints.listWebhookDeliveries,
    ] as const
    for (const endpoint of calls) {
      expect((await client(t.app, buyer).send(endpoint)).statusCode).toBe(403)
      expect((await client(t.app).send(endpoint)).statusCode).toBe(401)
    }
    const body = { enabled: false, url: 'https://hooks.example.com/x' }
    expect((await client(t.app, buyer).send(endpoints.updateWebhookSettings, { body })).statusCode).toBe(403)
    expect((await client(t.app).send(endpoints.updateWebhookSettings, { body })).statusCode).toBe(401)
    expect(await t.db.select().from(webhookSettings).where(eq(webhookSettings.userId, buyer.id))).toEqual([])
  })

  it('lets admins and owners keep their own settings, each seeing only their own', async () => {
    for (const [who, url] of [
      [admin, 'https://hooks.example.com/admin'],
      [owner, 'https://hooks.example.com/owner'],
    ] as const) {
      expect((await save(who, { enabled: true, url })).statusCode).toBe(200)
      expect(await client(t.app, who).ok(endpoints.getWebhookSettings)).toMatchObject({ enabled: true, url })
    }
    expect(await client(t.app, otherSeller).ok(endpoints.getWebhookSettings)).toEqual({
      enabled: false,
      url: null,
      hasSecret: false,
      secretCreatedAt: null,
    })
  })

  it('lists only the caller’s own deliveries', async () => {
    await client(t.app, seller).ok(endpoints.rotateWebhookSecret)
    expect((await save(seller, { enabled: true, url: 'https://hooks.example.com/mine' })).statusCode).toBe(200)
    const test = await client(t.app, seller).ok(endpoints.sendWebhookTest)
    expect(test).toMatchObject({ type: 'webhook.test', status: 'pending', attempts: 0 })
    const mine = await client(t.app, seller).ok(endpoints.listWebhookDeliveries)
    expect(mine.items.map((item) => item.id)).toContain(test.id)
    const theirs = await client(t.app, otherSeller).ok(endpoints.listWebhookDeliveries)
    expect(theirs.items).toEqual([])
  })
})

describe('the signing secret', () => {
  it('is shown once in the whsec_ form; afterwards only that one exists', async () => {
    const me = await callerWith(t, ['originator'])
    const first = await client(t.app, me).ok(endpoints.rotateWebhookSecret)
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const read = await client(t.app, me).send(endpoints.getWebhookSettings)
    expect(read.body).not.toContain(first.secret.slice(6))
    expect(read.json()).toMatchObject({ hasSecret: true, secretCreatedAt: first.secretCreatedAt })
    const second = await client(t.app, me).ok(endpoints.rotateWebhookSecret)
    expect(second.secret).not.toBe(first.secret)
  })

  it('is needed, with a URL, before a test can be sent (409, nothing queued)', async () => {
    const me = await callerWith(t, ['originator'])
    const answer = await client(t.app, me).send(endpoints.sendWebhookTest, { headers: { 'accept-language': 'es' } })
    expect(answer.statusCode).toBe(409)
    expect(answer.json()).toMatchObject({ code: 'webhook_not_ready', message: expect.stringContaining('secreto') })
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, me.id))).toEqual([])
  })
})

describe('which URLs may receive webhooks, when saved', () => {
  const refused: [string, string][] = [
    ['https://127.0.0.1/hook', 'private'],
    ['https://10.0.0.1/hook', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'private'],
    ['https://[::1]/hook', 'private'],
    ['https://2130706433/hook', 'private'],
    ['https://0x7f.1/hook', 'private'],
    ['https://017700000001/hook', 'private'],
    ['https://[::ffff:127.0.0.1]/hook', 'private'],
    ['https://[::ffff:a9fe:a9fe]/hook', 'private'],
    ['https://[fd00:ec2::254]/hook', 'private'],
    ['https://[fe80::1]/hook', 'private'],
    ['https://100.64.0.1/hook', 'private'],
    ['https://172.16.5.4/hook', 'private'],
    ['https://192.168.0.10/hook', 'private'],
    ['https://224.0.0.1/hook', 'private'],
    ['https://0.0.0.0/hook', 'private'],
    ['https://localhost/hook', 'private'],
    ['https://internal.example.com/hook', 'private'],
    ['https://mixed.example.com/hook', 'private'],
    ['https://metadata.example.com/hook', 'private'],
    ['https://mapped.example.com/hook', 'private'],
    ['https://nowhere.example.com/hook', 'unresolvable'],
    ['http://hooks.example.com/hook', 'https'],
    ['ftp://hooks.example.com/hook', 'invalid'],
    ['https://user:pw@hooks.example.com/hook', 'invalid'],
    ['not a url', 'invalid'],
  ]
  const messages: Record<string, [string, string]> = {
    private: [
      'This address points to a private, local or reserved network and cannot receive webhooks.',
      'Esta dirección apunta a una red privada, local o reservada y no puede recibir webhooks.',
    ],
    unresolvable: ['We could not find this host. Check the address.', 'No encontramos este host. Revisa la dirección.'],
    https: ['The URL must start with https://.', 'La URL debe comenzar con https://.'],
    invalid: [
      'Enter a valid URL, like https://example.com/webhooks.',
      'Ingresa una URL válida, como https://example.com/webhooks.',
    ],
  }

  it.each(refused)('refuses %s (%s) with a field message in en and es, saving nothing', async (url, why) => {
    const me = await callerWith(t, ['originator'])
    for (const [index, language] of (['en', 'es'] as const).entries()) {
      const answer = await save(me, { enabled: true, url }, language)
      expect(answer.statusCode).toBe(400)
      expect(answer.json().fields).toEqual({ url: messages[why]![index] })
    }
    expect(await t.db.select().from(webhookSettings).where(eq(webhookSettings.userId, me.id))).toEqual([])
  })

  it('takes a public https URL, and enabling without one is refused', async () => {
    const me = await callerWith(t, ['originator'])
    expect((await save(me, { enabled: true, url: 'https://hooks.example.com/offers?x=1' })).json()).toMatchObject({
      enabled: true,
      url: 'https://hooks.example.com/offers?x=1',
    })
    const empty = await save(me, { enabled: true, url: '  ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().fields).toEqual({ url: 'Enter the URL that should receive the webhooks.' })
  })

  it('takes plain http only when the server runs in development', async () => {
    const dev = await createTestApp({ env: { NODE_ENV: 'development' }, webhooks: { resolve: dns.resolve } })
    try {
      const me = await callerWith(dev, ['originator'])
      const body = { enabled: true, url: 'http://hooks.example.com/hook' }
      expect((await client(dev.app, me).send(endpoints.updateWebhookSettings, { body })).statusCode).toBe(200)
      const local = { enabled: true, url: 'http://127.0.0.1:9/hook' }
      expect((await client(dev.app, me).send(endpoints.updateWebhookSettings, { body: local })).statusCode).toBe(400)
    } finally {
      await dev.close()
    }
  })

  it('judges addresses by range: IPv4-mapped IPv6 as its IPv4, NAT64 and 6to4 refused', () => {
    expect(isPublicAddress('93.184.215.14')).toBe(true)
    expect(isPublicAddress('2606:4700::1111')).toBe(true)
    expect(isPublicAddress('::ffff:93.184.215.14')).toBe(true)
    for (const address of ['::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:a00:1::1', '::', '255.255.255.255', 'nonsense']) {
      expect(isPublicAddress(address)).toBe(false)
    }
  })
})

describe('which URLs may receive webhooks, when delivered', () => {
  /** A seller whose stored URL skipped the save-time check (an older row, or an address that changed since). */
  async function sellerWithStoredUrl(url: string) {
    const me = await callerWith(t, ['originator'])
    await client(t.app, me).ok(endpoints.rotateWebhookSecret)
    await t.db.update(webhookSettings).set({ enabled: true, url }).where(eq(webhookSettings.userId, me.id))
    return me
  }

  it.each([
    'https://127.0.0.1/hook',
    'https://10.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://2130706433/hook',
    'https://internal.example.com/hook',
    'http://hooks.example.com/hook',
  ])('refuses %s at delivery: one failed attempt, final, nothing sent', async (url) => {
    const me = await sellerWithStoredUrl(url)
    const queued = await client(t.app, me).ok(endpoints.sendWebhookTest)
    await runJobs(t.app)
    const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued.id))
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: null, lastError: 'address_refused' })
    const attempts = await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, queued.id))
    expect(attempts).toMatchObject([{ attempt: 1, statusCode: null, error: 'address_refused' }])
  })

  it('checks the name again at delivery: a host that now resolves privately is refused', async () => {
    const me = await callerWith(t, ['originator'])
    await client(t.app, me).ok(endpoints.rotateWebhookSecret)
    expect((await save(me, { enabled: true, url: 'https://switching.example.com/hook' })).statusCode).toBe(200)
    dns.table['switching.example.com'] = ['10.9.8.7']
    const queued = await client(t.app, me).ok(endpoints.sendWebhookTest)
    await runJobs(t.app)
    const list = await client(t.app, me).ok(endpoints.listWebhookDeliveries)
    expect(list.items.find((item) => item.id === queued.id)).toMatchObject({
      status: 'failed',
      lastError: 'address_refused',
    })
  })
})

describe('the escape hatch', () => {
  it('is refused when NODE_ENV=production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://keyway.example',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      }),
    ).toThrow(/WEBHOOK_ALLOW_PRIVATE_TARGETS/)
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }).WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(
      true,
    )
  })
})
