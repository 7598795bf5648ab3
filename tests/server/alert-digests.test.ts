import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, PreferencesSchema } from '../../src/contract'
import { mailOutbox, notifications } from '../../server/db/schema'
import { runDigests } from '../../server/modules/alerts/digest'
import { putDocument } from '../../server/modules/profile/documents'
import type { Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'
import { runJobs } from './jobs-helpers'

/*
 * Issue 25, digests: daily and weekly buyers hear at 8 am in their state's time zone (Arizona: UTC-7 all
 * year), once, however many times or servers run the hourly job.
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
      PreferencesSchema.parse({ state: 'AZ', city: 'Phoenix', searchFrequency }),
    )
  }
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
})
