import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverKeys } from '../../server/db/schema'
import { readUnsubscribeToken, unsubscribeToken } from '../../server/modules/alerts/unsubscribe-token'
import { confirmToken, listingOfToken } from '../../server/modules/freshness/token'
import { serverKey } from '../../server/db/server-keys'
import { linkSigner } from '../../server/modules/system/signed-links'
import { createTestApp, type TestApp } from './helpers'

/*
 * The one signed-link helper and the keys the server makes on first use (server_keys): a link signed for
 * one purpose opens nothing else, a link with a lifetime stops working after it, and servers starting
 * together agree on one key.
 */

const DAY = 86_400_000
let t: TestApp
let other: TestApp

beforeAll(async () => {
  t = await createTestApp()
  // A second server on the same database, as two instances behind one load balancer.
  other = await createTestApp({ connection: t.connection })
}, 60_000)
afterAll(async () => {
  await other.close()
  await t.close()
})

describe('server keys', () => {
  it('are made once when two instances ask for the same new key at once', async () => {
    const Secret = z.object({ secret: z.string() })
    const name = `test-key-${randomUUID()}`
    const made = await Promise.all([
      serverKey(t.db, name, () => ({ secret: 'first' }), Secret),
      serverKey(other.db, name, () => ({ secret: 'second' }), Secret),
      serverKey(t.db, name, () => ({ secret: 'third' }), Secret),
    ])
    expect(new Set(made.map((key) => key.secret)).size).toBe(1)
    expect(await t.db.select().from(serverKeys).where(eq(serverKeys.name, name))).toHaveLength(1)
    // Later askers, on either instance, read the same key.
    expect(await serverKey(other.db, name, () => ({ secret: 'later' }), Secret)).toEqual(made[0])
  })

  it('refuses a stored key that does not have the expected shape', async () => {
    const name = `test-key-${randomUUID()}`
    await t.db.insert(serverKeys).values({ name, value: { something: 'else' } })
    await expect(serverKey(t.db, name, () => ({ secret: 'x' }), z.object({ secret: z.string() }))).rejects.toThrow(name)
  })
})

describe('signed links', () => {
  const now = new Date('2026-11-27T12:00:00Z')

  it('open only for the purpose they were signed for', async () => {
    // Two purposes sharing one key: the purpose is part of what is signed.
    const invite = linkSigner({ purpose: 'test-invite', keyName: 'test-shared-key' })
    const reset = linkSigner({ purpose: 'test-reset', keyName: 'test-shared-key' })
    const token = await invite.sign(t.db, 'user-42', now)
    expect(await invite.verify(t.db, token, now)).toBe('user-42')
    expect(await reset.verify(t.db, token, now)).toBeNull()
  })

  it("of the product's two kinds are refused by each other", async () => {
    const dealId = randomUUID()
    const unsubscribe = await unsubscribeToken(t.db, { u: randomUUID(), c: 'email' })
    const confirm = await confirmToken(t.db, dealId)
    expect(await listingOfToken(t.db, confirm)).toBe(dealId)
    expect(await listingOfToken(other.db, unsubscribe)).toBeNull()
    expect(await readUnsubscribeToken(other.db, confirm)).toBeNull()
  })

  it('stop working after their lifetime when they have one, and cannot be given a longer one', async () => {
    const signer = linkSigner({ purpose: 'test-expiring', keyName: 'test-shared-key', lifetimeMs: 7 * DAY })
    const token = await signer.sign(t.db, 'payload', now)
    expect(await signer.verify(t.db, token, new Date(now.getTime() + 7 * DAY - 1000))).toBe('payload')
    expect(await signer.verify(t.db, token, new Date(now.getTime() + 7 * DAY + 1000))).toBeNull()

    const [payload, , signature] = token.split('.')
    const stretched = `${payload}.${Math.floor((now.getTime() + 30 * DAY) / 1000).toString(36)}.${signature}`
    expect(await signer.verify(t.db, stretched, now)).toBeNull()
    // A link without a lifetime is not accepted where links have one.
    const forever = linkSigner({ purpose: 'test-expiring', keyName: 'test-shared-key' })
    expect(await signer.verify(t.db, await forever.sign(t.db, 'payload', now), now)).toBeNull()
  })

  it('refuse altered and malformed tokens', async () => {
    const signer = linkSigner({ purpose: 'test-invite', keyName: 'test-shared-key' })
    const token = await signer.sign(t.db, 'user-42', now)
    const [, signature] = token.split('.')
    for (const bad of ['', '.', 'user-42', `user-43.${signature}`, `${token}.x`, `user-42.${'A'.repeat(43)}`]) {
      expect(await signer.verify(t.db, bad, now)).toBeNull()
    }
  })
})
