import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { webhookAttempts, webhookDeliveries, webhookSettings } from '../../server/db/schema'
import { isPublicAddress } from '../../server/modules/webhooks/address'
import { callerWith } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'
import { runJobs } from './jobs-helpers'
import { tableResolver } from './webhooks-helpers'

// Only global unicast may receive webhooks: every special-purpose range of IANA's IPv4 and IPv6 registries is
// refused, and so is every IPv6 address outside 2000::/3 or one that carries an IPv4 address inside it.

const allowed: [string, string][] = [
  ['93.184.215.14', 'public IPv4'],
  ['8.8.8.8', 'public IPv4'],
  ['1.1.1.1', 'public IPv4'],
  ['100.63.255.255', 'just below 100.64/10'],
  ['100.128.0.1', 'just above 100.64/10'],
  ['172.32.0.1', 'just above 172.16/12'],
  ['198.20.0.1', 'just above 198.18/15'],
  ['223.255.255.254', 'just below 224/4'],
  ['::ffff:93.184.215.14', 'IPv4-mapped public IPv4'],
  ['2606:4700::1111', 'public IPv6'],
  ['2001:4860:4860::8888', 'public IPv6 beside 2001::/23'],
  ['2a00:1450:4001:80b::200e', 'public IPv6'],
  ['2001:200::1', 'just above 2001::/23'],
  ['3ffe:ffff::1', 'top of 2000::/3 outside 3fff::/20'],
]

const refused: [string, string][] = [
  ['0.0.0.0', 'this network'],
  ['0.1.2.3', 'this network'],
  ['10.0.0.1', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'link-local'],
  ['172.16.5.4', 'private'],
  ['172.31.255.255', 'private'],
  ['192.0.0.9', 'IETF protocol assignments'],
  ['192.0.2.1', 'documentation'],
  ['192.31.196.1', 'AS112'],
  ['192.52.193.1', 'AMT'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.168.0.10', 'private'],
  ['192.175.48.1', 'AS112'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::7f00:1', 'IPv4-compatible loopback'],
  ['::a00:1', 'IPv4-compatible private'],
  ['::a9fe:a9fe', 'IPv4-compatible link-local'],
  ['::5db8:d70e', 'IPv4-compatible, even of a public IPv4'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:0:a00:1', 'IPv4-translated (SIIT)'],
  ['64:ff9b::a00:1', 'NAT64 of a private IPv4'],
  ['64:ff9b::5db8:d70e', 'NAT64, even of a public IPv4'],
  ['64:ff9b:1::a00:1', 'local-use NAT64'],
  ['100::1', 'discard-only'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'Teredo carrying 10.0.0.1'],
  ['2001:2::1', 'benchmarking'],
  ['2001:1ff:ffff::1', 'IETF protocol assignments'],
  ['2001:db8::1', 'documentation'],
  ['2002:7f00:1::1', '6to4 of a loopback'],
  ['2002:a00:1::1', '6to4 of a private IPv4'],
  ['2002:5db8:d70e::1', '6to4, even of a public IPv4'],
  ['2620:4f:8000::1', 'AS112'],
  ['3fff::1', 'documentation'],
  ['3fff:fff::1', 'documentation'],
  ['4000::1', 'outside 2000::/3'],
  ['5f00::1', 'segment routing'],
  ['fc00::1', 'unique local'],
  ['fd00:ec2::254', 'unique local'],
  ['fe80::1', 'link-local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['1000::1', 'outside 2000::/3'],
  ['nonsense', 'not an address'],
  ['', 'not an address'],
]

describe('which addresses may receive webhooks', () => {
  it.each(allowed)('allows %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
  it.each(refused)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })
})

const dns = tableResolver({
  'hooks.example.com': ['93.184.215.14'],
  'compat.example.com': ['::7f00:1'],
  'teredo.example.com': ['2001:0:4136:e378:8000:63bf:f5ff:fffe'],
})

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ webhooks: { resolve: dns.resolve } })
})
afterAll(() => t.close())

const embedding = [
  'https://[::127.0.0.1]/',
  'https://[::7f00:1]/',
  'https://[::a00:1]/',
  'https://[::a9fe:a9fe]/',
  'https://[64:ff9b::a9fe:a9fe]/',
  'https://[2002:a9fe:a9fe::1]/',
  'https://compat.example.com/hook',
  'https://teredo.example.com/hook',
]

describe('addresses that carry a non-public IPv4', () => {
  it.each(embedding)('refuses %s when saved, in en and es, saving nothing', async (url) => {
    const me = await callerWith(t, ['originator'])
    const messages = {
      en: 'This address points to a private, local or reserved network and cannot receive webhooks.',
      es: 'Esta dirección apunta a una red privada, local o reservada y no puede recibir webhooks.',
    }
    for (const language of ['en', 'es'] as const) {
      const answer = await client(t.app, me).send(endpoints.updateWebhookSettings, {
        body: { enabled: true, url },
        headers: { 'accept-language': language },
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.json().fields).toEqual({ url: messages[language] })
    }
    expect(await t.db.select().from(webhookSettings).where(eq(webhookSettings.userId, me.id))).toEqual([])
  })

  it.each(embedding)('refuses %s at delivery: one failed attempt, final, nothing sent', async (url) => {
    const me = await callerWith(t, ['originator'])
    await client(t.app, me).ok(endpoints.rotateWebhookSecret)
    // A stored URL that skipped the save-time check (an older row).
    await t.db.update(webhookSettings).set({ enabled: true, url }).where(eq(webhookSettings.userId, me.id))
    const queued = await client(t.app, me).ok(endpoints.sendWebhookTest)
    await runJobs(t.app)
    const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued.id))
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: null, lastError: 'address_refused' })
    const attempts = await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, queued.id))
    expect(attempts).toMatchObject([{ attempt: 1, statusCode: null, error: 'address_refused' }])
  })

  it('still takes a public https URL', async () => {
    const me = await callerWith(t, ['originator'])
    const answer = await client(t.app, me).send(endpoints.updateWebhookSettings, {
      body: { enabled: true, url: 'https://hooks.example.com/hook' },
    })
    expect(answer.statusCode).toBe(200)
  })
})
