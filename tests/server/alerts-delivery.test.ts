import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PreferencesSchema } from '../../src/contract'
import { matchAlerts, notifications } from '../../server/db/schema'
import type { PushMessage, TextMessage } from '../../server/modules/channels/types'
import { putDocument } from '../../server/modules/profile/documents'
import { updateUserRow } from '../../server/modules/users/repository'
import type { Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'
import { makeJobsDue, runJobs } from './jobs-helpers'

/*
 * Issue 25, a sturdy alert pipeline: one buyer whose delivery fails (their text message cannot be handed
 * over) must not hold up, nor repeat, the other buyers' alerts of the same listing; theirs is retried alone.
 */

let t: TestApp
let seller: Caller
const texts: TextMessage[] = []
/** The phone number whose texts fail until the test lets them through. */
let failingPhone: string | null = null

beforeAll(async () => {
  t = await createTestApp()
  Object.assign(t.app, {
    sms: {
      send: async (_db: unknown, message: TextMessage) => {
        if (message.to === failingPhone) throw new Error('the SMS provider refused the message')
        texts.push(message)
      },
    },
    push: { send: async (_db: unknown, _message: PushMessage) => undefined },
  })
  seller = await person(t, ['originator'], 'Sam', 'Seller')
}, 60_000)
afterAll(() => t.close())

const noticesOf = (buyer: Caller) => t.db.select().from(notifications).where(eq(notifications.userId, buyer.id))
const alertOf = async (buyer: Caller) =>
  (await t.db.select().from(matchAlerts).where(eq(matchAlerts.userId, buyer.id)))[0]

async function textingBuyer(phone: string) {
  const buyer = await person(t, ['buyer'], 'Tex', 'Buyer')
  await updateUserRow(t.db, buyer.id, { phone })
  await putDocument(
    t.db,
    'preferences',
    buyer.id,
    PreferencesSchema.parse({ state: 'AZ', city: 'Kingman', searchFrequency: 'real-time', notificationChannels: ['sms'] }),
  )
  return buyer
}

describe('a buyer whose alert cannot be delivered', () => {
  it('leaves the other buyers alerted exactly once, and is retried alone until it goes through', async () => {
    const first = await textingBuyer('9285550101')
    const failing = await textingBuyer('9285550102')
    const last = await textingBuyer('9285550103')
    failingPhone = '9285550102'
    await createListing(t, seller, { city: 'Kingman', zipCode: '86401' })

    await runJobs(t.app)
    for (const buyer of [first, last]) {
      expect(await noticesOf(buyer)).toHaveLength(1)
      expect((await alertOf(buyer))?.sentAt).not.toBeNull()
    }
    expect(texts.map((text) => text.to).sort()).toEqual(['9285550101', '9285550103'])
    expect(await noticesOf(failing)).toEqual([])
    expect((await alertOf(failing))?.sentAt).toBeNull()

    // The retry (once its backoff has passed) while the provider still refuses: nobody else hears again.
    await makeJobsDue(t.app)
    await runJobs(t.app)
    expect(texts).toHaveLength(2)
    expect(await noticesOf(first)).toHaveLength(1)

    failingPhone = null
    await makeJobsDue(t.app)
    await runJobs(t.app)
    expect(texts.map((text) => text.to).sort()).toEqual(['9285550101', '9285550102', '9285550103'])
    for (const buyer of [first, failing, last]) {
      expect(await noticesOf(buyer)).toHaveLength(1)
      expect((await alertOf(buyer))?.sentAt).not.toBeNull()
    }
  }, 60_000)
})
