import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { deals, mailOutbox, notifications } from '../../server/db/schema'
import { listingFreshnessJob } from '../../server/modules/freshness/job'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'
import { runJobs } from './jobs-helpers'

const DAY = 86_400_000
let clock = new Date()
let t: TestApp
let seller: Caller
let buyer: Caller
let admin: Caller

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  ;[seller, buyer, admin] = await Promise.all([
    callerWith(t, ['originator']),
    callerWith(t, ['buyer']),
    callerWith(t, ['admin']),
  ])
})
afterAll(() => t.close())
beforeEach(() => {
  clock = new Date()
})

const daysAgo = (days: number) => new Date(clock.getTime() - days * DAY)
/** A listing of `seller` last confirmed `days` ago. */
async function listingConfirmed(days: number) {
  const listing = await createListing(t, seller)
  await t.db
    .update(deals)
    .set({ confirmedAt: daysAgo(days) })
    .where(eq(deals.id, listing.id))
  return listing
}
const runFreshness = async () => {
  await t.app.jobs.send(t.db, listingFreshnessJob, {})
  await runJobs(t.app)
}
/** Runs the daily job `days` from now, then comes back (sign-in tokens live on the real clock). */
const runFreshnessIn = async (days: number) => {
  clock = new Date(Date.now() + days * DAY)
  try {
    await runFreshness()
  } finally {
    clock = new Date()
  }
}
const mailsAbout = async (dealId: string, template: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, template))).filter((mail) =>
    mail.data.link?.endsWith(`/deals/${dealId}`),
  )
const noticesAbout = async (dealId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.dealId, dealId))).map((notice) => notice.type)
const rowOf = async (id: string) => (await t.db.select().from(deals).where(eq(deals.id, id)))[0]!
const staleDaysOnBrowse = async (as: Caller, id: string) => {
  const page = await client(t.app, as).ok(endpoints.listDeals, { query: { pageSize: 100 } })
  return page.items.find((item) => item.id === id)?.staleDays
}
const tokenOf = (confirmLink: string) => new URL(confirmLink).searchParams.get('token')!

describe('listing freshness', () => {
  it('shows a 31-day-old listing as not updated in 31 days to a buyer, on browse and its page', async () => {
    const stale = await listingConfirmed(31)
    const fresh = await listingConfirmed(29)
    expect(await staleDaysOnBrowse(buyer, stale.id)).toBe(31)
    expect(await staleDaysOnBrowse(buyer, fresh.id)).toBeNull()
    expect((await client(t.app, buyer).ok(endpoints.getDeal, { params: { id: stale.id } })).staleDays).toBe(31)
    expect((await client(t.app, buyer).ok(endpoints.getDeal, { params: { id: fresh.id } })).staleDays).toBeNull()
  })

  it('reminds the seller once (notice and mail with a one-click link), even when the job runs twice', async () => {
    const listing = await listingConfirmed(31)
    await runFreshness()
    await runFreshness()
    expect(await noticesAbout(listing.id)).toEqual(['listing_stale'])
    const mails = await mailsAbout(listing.id, 'listingStale')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.to).toBe(seller.email.toLowerCase())
    expect(mails[0]!.data.confirmLink).toMatch(/\/listing-confirm\?token=/)
    expect((await rowOf(listing.id)).staleRemindedAt).not.toBeNull()
  })

  it("confirms by the mail's token signed out, which resets the listing; a forged token is refused", async () => {
    const listing = await listingConfirmed(31)
    await runFreshness()
    const [mail] = await mailsAbout(listing.id, 'listingStale')
    const token = tokenOf(mail!.data.confirmLink!)
    const confirmed = await client(t.app).ok(endpoints.confirmListingByToken, { body: { token } })
    expect(confirmed.dealId).toBe(listing.id)
    expect(await staleDaysOnBrowse(buyer, listing.id)).toBeNull()
    expect((await rowOf(listing.id)).staleRemindedAt).toBeNull()

    const forged = await client(t.app).send(endpoints.confirmListingByToken, {
      body: { token: `${listing.id}.${'A'.repeat(43)}` },
      headers: { 'accept-language': 'es' },
    })
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toMatchObject({
      code: 'invalid_token',
      message: 'Este enlace no es válido. Abre tu anuncio para confirmarlo.',
    })
  })

  it('cancels a listing still unconfirmed 45 days after the reminder, with source system and a reason', async () => {
    const listing = await listingConfirmed(31)
    await runFreshness()
    await runFreshnessIn(44)
    expect((await rowOf(listing.id)).status).toBe('active')
    await runFreshnessIn(45)
    await runFreshnessIn(45)
    expect((await rowOf(listing.id)).status).toBe('canceled')
    const history = await client(t.app, seller).ok(endpoints.dealStatusHistory, { params: { id: listing.id } })
    expect(history.at(-1)).toMatchObject({ status: 'canceled', source: 'system', reason: 'Not confirmed for 76 days' })
    expect(await noticesAbout(listing.id)).toEqual(['listing_stale', 'listing_auto_canceled'])
    expect(await mailsAbout(listing.id, 'listingAutoCanceled')).toHaveLength(1)
  })

  it('leaves a listing alone once its seller says it is still available', async () => {
    const listing = await listingConfirmed(31)
    await runFreshness()
    await client(t.app, seller).ok(endpoints.confirmListing, { params: { id: listing.id } })
    await runFreshnessIn(46)
    const row = await rowOf(listing.id)
    expect(row.status).toBe('active')
    // 46 days after the confirmation: reminded again, not canceled.
    expect(await noticesAbout(listing.id)).toEqual(['listing_stale', 'listing_stale'])
    const stranger = await client(t.app, buyer).send(endpoints.confirmListing, { params: { id: listing.id } })
    expect(stranger.statusCode).toBe(403)
  })

  it('follows the periods an admin sets', async () => {
    const api = client(t.app, admin)
    expect(await api.ok(endpoints.adminGetListingFreshness)).toEqual({
      listingStaleAfterDays: 30,
      listingCancelAfterDays: 45,
    })
    const listing = await listingConfirmed(11)
    expect(await staleDaysOnBrowse(buyer, listing.id)).toBeNull()
    await api.ok(endpoints.adminPutListingFreshness, { body: { listingStaleAfterDays: 10, listingCancelAfterDays: 5 } })
    try {
      expect(await staleDaysOnBrowse(buyer, listing.id)).toBe(11)
      await runFreshness()
      await runFreshnessIn(5)
      expect((await rowOf(listing.id)).status).toBe('canceled')
      const bad = await api.send(endpoints.adminPutListingFreshness, {
        body: { listingStaleAfterDays: 0, listingCancelAfterDays: 5 },
      })
      expect(bad.statusCode).toBe(400)
      expect(Object.keys(bad.json().fields)).toEqual(['listingStaleAfterDays'])
    } finally {
      await api.ok(endpoints.adminPutListingFreshness, {
        body: { listingStaleAfterDays: 30, listingCancelAfterDays: 45 },
      })
    }
  })
})
