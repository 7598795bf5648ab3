import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, PreferencesSchema } from '../../src/contract'
import {
  mailOutbox,
  matchAlerts,
  notifications,
  pushSubscriptions,
  savedSearches,
  smsOutbox,
} from '../../server/db/schema'
import { runDigests } from '../../server/modules/alerts/digest'
import type { PushJob } from '../../server/modules/push/service'
import { putDocument } from '../../server/modules/profile/documents'
import { updateUserRow } from '../../server/modules/users/repository'
import type { Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'
import { jobsIn, runJobs } from './jobs-helpers'

/*
 * Issue 25, digests: daily and weekly buyers hear at 8 am in their state's time zone (Arizona: UTC-7 all
 * year), once, however many times or servers run the hourly job, on every channel they chose: the in-app
 * notice, e-mail, a short text and a browser push (these two held by quiet hours).
 */

// Monday 23 November 2026, 7:30 am in Phoenix.
let clock = new Date('2026-11-23T14:30:00Z')
const HOUR = 3_600_000
let t: TestApp
let other: TestApp
let daily: Caller
let weekly: Caller

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  // A second server on the same database, as two instances behind one load balancer.
  other = await createTestApp({ connection: t.connection, now: () => clock })
  const seller = await person(t, ['originator'], 'Sam', 'Seller')
  daily = await person(t, ['buyer'], 'Dan', 'Daily')
  weekly = await person(t, ['buyer'], 'Wes', 'Weekly')
  for (const [buyer, searchFrequency] of [
    [daily, 'daily'],
    [weekly, 'weekly'],
  ] as const) {
    await putDocument(
      t.db,
      'preferences',
      buyer.id,
      PreferencesSchema.parse({
        state: 'AZ',
        city: 'Phoenix',
        searchFrequency,
        notificationChannels: ['email', 'sms', 'push'],
      }),
    )
    await t.db.insert(pushSubscriptions).values({
      userId: buyer.id,
      // A closed local port: a delivery that runs fails at once (these tests read the jobs, not the pushes).
      endpoint: `http://127.0.0.1:9/push/${buyer.id}`,
      p256dh: 'p256dh-key',
      auth: 'auth-secret',
    })
  }
  await updateUserRow(t.db, daily.id, { phone: '6025550100' })
  // The weekly buyer reads Spanish: the text and the push are in their language.
  await updateUserRow(t.db, weekly.id, { phone: '6025550111', language: 'es' })
  await createListing(t, seller, { zipCode: '85004', hideAddress: true, streetAddress: '7 Secret Lane' })
  await createListing(t, seller, { zipCode: '85006' })
  await runJobs(t.app)
}, 60_000)
afterAll(async () => {
  await other.close()
  await t.close()
})

const digestsTo = (buyer: Caller) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, buyer.email.toLowerCase()), eq(mailOutbox.template, 'matchDigest')))
const textsTo = (buyer: Caller) => t.db.select().from(smsOutbox).where(eq(smsOutbox.userId, buyer.id))
/** The browser pushes waiting for or sent to the buyer's one subscription (push-delivery jobs). */
async function pushesTo(buyer: Caller): Promise<PushJob[]> {
  const [subscription] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, buyer.id))
  const jobs = await jobsIn(t.app, 'push-delivery')
  return jobs.map((job) => job.data as PushJob).filter((job) => job.subscriptionId === subscription!.id)
}
const noticesOf = (buyer: Caller) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, buyer.id), eq(notifications.type, 'match_digest')))

describe('alert digests', () => {
  it('send nothing before the local 8 am hour, nor at once when the listing goes live', async () => {
    expect(await runDigests(t.app)).toBe(0)
    expect(await digestsTo(daily)).toEqual([])
  })

  it('send one digest at 8 am however often and by however many servers the job runs', async () => {
    clock = new Date(clock.getTime() + HOUR)
    const sent = await Promise.all([runDigests(t.app), runDigests(other.app), runDigests(t.app)])
    // Monday: the weekly digest is due too, once.
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2)
    await runDigests(other.app)

    const [mail] = await digestsTo(daily)
    expect(await digestsTo(daily)).toHaveLength(1)
    expect(await noticesOf(daily)).toHaveLength(1)
    expect(mail!.subject).toBe('Your Keyway digest of new matching listings (2)')
    expect(mail!.text).toMatch(/Phoenix, AZ 85004 \(address undisclosed\) \(score 100\)\n {2}- /)
    expect(mail!.text).not.toContain('Secret Lane')
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
    expect(await digestsTo(weekly)).toHaveLength(1)

    // One short text and one push each, with the count, the best score and its top reason, not held at 8 am.
    const texts = await textsTo(daily)
    expect(texts).toHaveLength(1)
    expect(texts[0]).toMatchObject({ to: '+16025550100', notBefore: null })
    expect(texts[0]!.text).toMatch(
      /^2 new matches on Keyway — the best scores 100: .+\. http\S+\/deals\/[0-9a-f-]{36}$/,
    )
    expect(texts[0]!.text).not.toContain('Secret Lane')
    const pushes = await pushesTo(daily)
    expect(pushes).toHaveLength(1)
    expect(pushes[0]).toMatchObject({ title: 'Your digest: new matching listings (2)', notBefore: null })
    // Both listings score 100: the newer listing (85006) leads, every time.
    expect(pushes[0]!.body).toMatch(/^\d+ Unique Road, Phoenix, AZ 85006 \(score 100\)\n.+/)
    expect(pushes[0]!.path).toMatch(/^\/deals\/[0-9a-f-]{36}$/)
    const [spanish] = await textsTo(weekly)
    expect(spanish!.text).toMatch(/^2 nuevas coincidencias en Keyway; la mejor tiene una puntuación de 100: .+\. http/)
    expect(await textsTo(weekly)).toHaveLength(1)
    expect((await pushesTo(weekly))[0]!.title).toBe('Tu resumen: publicaciones nuevas que coinciden (2)')
  })

  it('send the weekly digest only on Mondays', async () => {
    const seller = await person(t, ['originator'], 'Sue', 'Seller')
    await createListing(t, seller, { zipCode: '85008' })
    await runJobs(t.app)
    // Tuesday 8 am in Phoenix: the daily buyer hears of the new listing, the weekly buyer waits.
    clock = new Date('2026-11-24T15:10:00Z')
    expect(await runDigests(t.app)).toBe(1)
    expect(await digestsTo(daily)).toHaveLength(2)
    expect(await digestsTo(weekly)).toHaveLength(1)
  })

  it('has a development trigger beside the outbox that sends a buyer their digest now', async () => {
    clock = new Date('2026-11-24T20:00:00Z')
    const seller = await person(t, ['originator'], 'Sid', 'Seller')
    await createListing(t, seller, { zipCode: '85012' })
    await runJobs(t.app)
    const result = await client(t.app).ok(endpoints.devAlertDigests, { body: { email: daily.email } })
    expect(result).toEqual({ sent: 1 })
    expect(await digestsTo(daily)).toHaveLength(3)
  })

  it('holds the text and the push of a digest sent in quiet hours until 8 am, but not the mail', async () => {
    // 11 pm in Phoenix: the development trigger sends the digest now.
    clock = new Date('2026-11-25T06:00:00Z')
    const seller = await person(t, ['originator'], 'Sia', 'Seller')
    await createListing(t, seller, { zipCode: '85014' })
    await runJobs(t.app)
    await client(t.app).ok(endpoints.devAlertDigests, { body: { email: daily.email } })

    expect(await digestsTo(daily)).toHaveLength(4)
    const [text] = (await textsTo(daily)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    expect(text!.text).toMatch(/^1 new match on Keyway, score \d+: /)
    expect(text!.notBefore).toEqual(new Date('2026-11-25T15:00:00Z'))
    expect(text!.state).toBe('queued')
    const [push] = await pushesTo(daily)
    expect(push!.notBefore).toBe('2026-11-25T15:00:00.000Z')
  })

  it('speaks on each channel only of the listings whose buy box or saved search chose it', async () => {
    const buyer = await person(t, ['buyer'], 'Mia', 'Mixed')
    await putDocument(
      t.db,
      'preferences',
      buyer.id,
      PreferencesSchema.parse({
        state: 'NV',
        city: 'Las Vegas',
        searchFrequency: 'daily',
        notificationChannels: ['sms'],
      }),
    )
    await updateUserRow(t.db, buyer.id, { phone: '7025550100' })
    const [search] = await t.db
      .insert(savedSearches)
      .values({ userId: buyer.id, name: 'Reno', filters: {}, frequency: 'daily', channels: ['email'] })
      .returning()
    const seller = await person(t, ['originator'], 'Rex', 'Seller')
    const texted = await createListing(t, seller, { state: 'NV', city: 'Las Vegas', zipCode: '89101' })
    const mailed = await createListing(t, seller, { state: 'NV', city: 'Reno', zipCode: '89501' })
    await t.db.insert(matchAlerts).values([
      { userId: buyer.id, dealId: texted.id, frequency: 'daily', score: 90, reasons: [] },
      { userId: buyer.id, dealId: mailed.id, savedSearchId: search!.id, frequency: 'daily', score: 80, reasons: [] },
    ])

    await client(t.app).ok(endpoints.devAlertDigests, { body: { email: buyer.email } })
    const [notice] = await noticesOf(buyer)
    expect(notice!.title).toBe('Your digest: new matching listings (2)')
    const [mail] = await digestsTo(buyer)
    expect(mail!.subject).toBe('Your Keyway digest of new matching listings (1)')
    expect(mail!.text).toContain(`/deals/${mailed.id}`)
    expect(mail!.text).not.toContain(`/deals/${texted.id}`)
    const [text] = await textsTo(buyer)
    // Without reasons, the listing's place stands in for the top reason.
    expect(text!.text).toMatch(
      new RegExp(`^1 new match on Keyway, score 90: .*Las Vegas, NV 89101\\. http\\S+/deals/${texted.id}$`),
    )
  })
})
