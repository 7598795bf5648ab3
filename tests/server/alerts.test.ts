import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, PreferencesSchema, SavedSearchFiltersSchema } from '../../src/contract'
import { mailOutbox, matchAlerts, notifications, savedSearches } from '../../server/db/schema'
import type { PushMessage, TextMessage } from '../../server/modules/channels/types'
import { getDocument, putDocument } from '../../server/modules/profile/documents'
import { updateUserRow } from '../../server/modules/users/repository'
import type { Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'
import { runJobs } from './jobs-helpers'

/*
 * Issue 25, alerts: a listing going live is scored against the buyers near it and alerted once per buyer
 * (buy box and saved searches together), at once by every channel a real-time buyer chose; every alert mail
 * carries a one-click unsubscribe that works signed out.
 */

let t: TestApp
let seller: Caller
const texts: TextMessage[] = []
const pushes: PushMessage[] = []

beforeAll(async () => {
  t = await createTestApp()
  // The SMS and push services are another module's: fakes stand in, recording what the alerts hand them.
  Object.assign(t.app, {
    sms: { send: async (_db: unknown, message: TextMessage) => void texts.push(message) },
    push: { send: async (_db: unknown, message: PushMessage) => void pushes.push(message) },
  })
  seller = await person(t, ['originator'], 'Sam', 'Seller')
}, 60_000)
afterAll(() => t.close())

const alertsOf = (buyer: Caller) => t.db.select().from(matchAlerts).where(eq(matchAlerts.userId, buyer.id))
const mailsTo = (buyer: Caller, template: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, buyer.email.toLowerCase()), eq(mailOutbox.template, template)))
const noticesOf = (buyer: Caller) => t.db.select().from(notifications).where(eq(notifications.userId, buyer.id))

async function buyerIn(city: string, preferences: object = {}) {
  const buyer = await person(t, ['buyer'], 'Bea', 'Buyer')
  await putDocument(
    t.db,
    'preferences',
    buyer.id,
    PreferencesSchema.parse({ state: 'AZ', city, searchFrequency: 'real-time', ...preferences }),
  )
  return buyer
}

async function saveSearch(buyer: Caller, filters: object, search: { frequency?: string; channels?: string[] } = {}) {
  const encoded = z.encode(SavedSearchFiltersSchema, SavedSearchFiltersSchema.parse(filters))
  const [row] = await t.db
    .insert(savedSearches)
    .values({
      userId: buyer.id,
      name: 'Phoenix cash',
      filters: encoded,
      frequency: (search.frequency ?? 'real-time') as 'real-time',
      channels: (search.channels ?? ['email']) as ['email'],
    })
    .returning()
  return row!
}

/** The one-click POST a mail client makes (RFC 8058), from the mail's List-Unsubscribe header, signed out. */
async function oneClick(header: string) {
  const url = new URL(header.replace(/^<|>$/g, ''))
  return t.app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  })
}

describe('a real-time alert', () => {
  it('reaches the buyer at once with the score and top reasons: notice, mail, text and push', async () => {
    const buyer = await buyerIn('Tucson', { notificationChannels: ['email', 'sms', 'push'] })
    await updateUserRow(t.db, buyer.id, { phone: '5205550100' })
    const deal = await createListing(t, seller, { city: 'Tucson', zipCode: '85701' })
    expect(await noticesOf(buyer)).toEqual([])

    await runJobs(t.app)
    const [notice] = await noticesOf(buyer)
    expect(notice).toMatchObject({ type: 'match_alert', dealId: deal.id })
    expect(notice!.message).toMatch(/^New match \(score 100\): \d+ Unique Road, Tucson, AZ 85701 · /)
    expect(notice!.data).toMatchObject({ path: `/deals/${deal.id}` })

    const [mail] = await mailsTo(buyer, 'matchAlert')
    expect(mail!.subject).toContain('scores 100 for you')
    expect(mail!.text).toContain(`/deals/${deal.id}`)
    expect(mail!.text).toMatch(/Why it fits:\n- .*Tucson/)
    expect(mail!.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(/^<http.*\/api\/unsubscribe\?token=.+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect(texts).toEqual([
      expect.objectContaining({ userId: buyer.id, to: '5205550100', timeZone: 'America/Phoenix' }),
    ])
    expect(pushes).toEqual([expect.objectContaining({ userId: buyer.id, path: `/deals/${deal.id}` })])
    // The text and the push carry the score and the top reason too.
    expect(texts[0]!.text).toMatch(/^New match \(score 100\): .+ · .+Tucson.* http\S+\/deals\//)
    expect(pushes[0]!.title).toContain('(score 100)')
    expect(pushes[0]!.body).toMatch(/Tucson/)
    expect((await alertsOf(buyer))[0]!.sentAt).not.toBeNull()

    // The jobs running again (a retry, a second server) send nothing twice.
    await t.app.jobs.send(t.db, { name: 'match-listing' }, { dealId: deal.id, wave: 'everyone' })
    await runJobs(t.app)
    expect(await noticesOf(buyer)).toHaveLength(1)
    expect(await mailsTo(buyer, 'matchAlert')).toHaveLength(1)
  })

  it('alerts once when both the buy box and a saved search match, and a saved search alone alerts too', async () => {
    const both = await buyerIn('Flagstaff')
    await saveSearch(both, { city: 'Flagstaff', dealCategory: 'cash' })
    const searchOnly = await person(t, ['buyer'], 'Sol', 'Search')
    const search = await saveSearch(searchOnly, { city: 'Flagstaff', dealCategory: 'cash' })
    const deal = await createListing(t, seller, { city: 'Flagstaff', zipCode: '86001' })
    await runJobs(t.app)

    expect(await alertsOf(both)).toEqual([expect.objectContaining({ dealId: deal.id, savedSearchId: null })])
    expect(await noticesOf(both)).toHaveLength(1)
    expect(await mailsTo(both, 'matchAlert')).toHaveLength(1)
    expect(await alertsOf(searchOnly)).toEqual([
      expect.objectContaining({ dealId: deal.id, savedSearchId: search.id, frequency: 'real-time' }),
    ])
    const [searchMail] = await mailsTo(searchOnly, 'matchAlert')
    expect(searchMail!.text).toContain('- Fits your saved search “Phoenix cash”')
  })
})

describe('one-click unsubscribe', () => {
  it("turns e-mail off in the buyer's preferences, signed out, and says what stopped", async () => {
    const buyer = await buyerIn('Yuma', { notificationChannels: ['email', 'push'] })
    await createListing(t, seller, { city: 'Yuma', zipCode: '85364' })
    await runJobs(t.app)
    const [mail] = await mailsTo(buyer, 'matchAlert')
    const header = (mail!.headers as Record<string, string>)['List-Unsubscribe']!

    const response = await oneClick(header)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ unsubscribed: true, channel: 'email', savedSearchName: null })
    expect((await getDocument(t.db, 'preferences', buyer.id))!.notificationChannels).toEqual(['push'])
    // Twice is harmless.
    expect((await oneClick(header)).statusCode).toBe(200)
  })

  it("turns off only the saved search's e-mails when a saved search alerted", async () => {
    const buyer = await person(t, ['buyer'], 'Sol', 'Search')
    const search = await saveSearch(buyer, { city: 'Sedona' }, { channels: ['email', 'sms'] })
    await createListing(t, seller, { city: 'Sedona', zipCode: '86336' })
    await runJobs(t.app)
    const [mail] = await mailsTo(buyer, 'matchAlert')
    const token = new URL(mail!.data!.unsubscribeLink!).searchParams.get('token')!

    const target = await client(t.app).ok(endpoints.unsubscribeTarget, { query: { token } })
    expect(target).toEqual({ channel: 'email', savedSearchName: 'Phoenix cash' })
    await client(t.app).ok(endpoints.unsubscribe, { query: { token }, body: {} })
    const [after] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, search.id))
    expect(after!.channels).toEqual(['sms'])
  })

  it('refuses a forged or altered link with a clear message, changing nothing', async () => {
    const buyer = await buyerIn('Prescott')
    await createListing(t, seller, { city: 'Prescott', zipCode: '86301' })
    await runJobs(t.app)
    const [mail] = await mailsTo(buyer, 'matchAlert')
    const header = (mail!.headers as Record<string, string>)['List-Unsubscribe']!
    const [payload] = new URL(header.slice(1, -1)).searchParams.get('token')!.split('.')
    const forged = `${payload}.${'A'.repeat(43)}`

    const response = await oneClick(`<http://localhost/api/unsubscribe?token=${forged}>`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ message: expect.stringMatching(/unsubscribe link is not valid/) })
    expect((await getDocument(t.db, 'preferences', buyer.id))!.notificationChannels).toEqual(['email'])
  })
})
