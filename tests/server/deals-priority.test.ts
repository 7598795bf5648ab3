import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BuyBoxSchema, PreferencesSchema } from '../../src/contract'
import { buildApp, type App } from '../../server/app'
import type { DbConnection } from '../../server/db/client'
import { deals, mailOutbox, notifications } from '../../server/db/schema'
import { putDocument } from '../../server/modules/profile/documents'
import { onListingLive } from '../../server/modules/deals/priority'
import { dealRow, type DealSeed } from '../../server/modules/seed/listings-rows'
import { call, callerWith, type Caller } from './accounts-helpers'
import { createTestDb, testConfig, type TestApp } from './helpers'
import { updateUserRow } from '../../server/modules/users/repository'
import { makeJobsDue, runJobs } from './jobs-helpers'

let connection: DbConnection
let app: App
let t: TestApp
const clock = new Date('2026-11-21T10:00:00Z')

let seller: Caller
let certified: Caller
let certifiedElsewhere: Caller
let regular: Caller
let cashOnly: Caller
let picky: Caller

beforeAll(async () => {
  connection = await createTestDb()
  app = await buildApp({
    config: testConfig({ PRIORITY_WINDOW_HOURS: '24' }),
    db: connection.db,
    now: () => clock,
  })
  await app.ready()
  t = { app, db: connection.db, connection, close: async () => undefined }
  seller = await callerWith(t, ['originator'], 'seller-priority@example.com')
  certified = await callerWith(t, ['buyer'], 'certified-priority@example.com')
  certifiedElsewhere = await callerWith(t, ['buyer'], 'certified-elsewhere@example.com')
  regular = await callerWith(t, ['buyer'], 'regular-priority@example.com')
  cashOnly = await callerWith(t, ['buyer'], 'cash-priority@example.com')
  picky = await callerWith(t, ['buyer'], 'picky-priority@example.com')
  for (const person of [certified, certifiedElsewhere]) {
    await updateUserRow(t.db, person.id, { certifiedBuyer: true })
  }
  const box = (input: object) => BuyBoxSchema.parse(input)
  // Real-time alerts by e-mail; each buyer's place is their buy box's ZIP code or their preferences' city.
  const alerts = (input: object) =>
    PreferencesSchema.parse({ searchFrequency: 'real-time', notificationChannels: ['email'], ...input })
  await putDocument(
    t.db,
    'buyBox',
    certified.id,
    box({ type: 'both', zipCodes: ['85008'], minPrice: 100000, maxPrice: 400000 }),
  )
  await putDocument(t.db, 'preferences', certified.id, alerts({ state: 'AZ', city: 'Tempe' }))
  await putDocument(t.db, 'buyBox', certifiedElsewhere.id, box({ type: 'both', zipCodes: ['78702'] }))
  await putDocument(t.db, 'buyBox', cashOnly.id, box({ type: 'cash', zipCodes: ['85008'] }))
  await putDocument(t.db, 'preferences', cashOnly.id, alerts({ state: 'AZ', city: 'Mesa' }))
  await putDocument(
    t.db,
    'preferences',
    regular.id,
    alerts({ state: 'AZ', city: 'phoenix', propertyTypes: ['single-family'] }),
  )
  // In the place, but the price, the property type and the bedrooms miss: a score under the threshold.
  await putDocument(t.db, 'buyBox', picky.id, box({ type: 'both', zipCodes: ['85008'], maxPrice: 100000 }))
  await putDocument(
    t.db,
    'preferences',
    picky.id,
    alerts({ state: 'AZ', city: 'phoenix', propertyTypes: ['condo'], minBedrooms: 6 }),
  )
})

afterAll(async () => {
  await app.close()
  await connection.close()
})

let street = 100

async function listing(seed: Partial<DealSeed> = {}) {
  street += 1
  const [row] = await t.db
    .insert(deals)
    .values(
      dealRow({
        sellerId: seller.id,
        streetAddress: `${street} Saguaro St`,
        city: 'Phoenix',
        state: 'AZ',
        zipCode: '85008',
        dealCategory: 'creative',
        purchaseType: 'SubTo',
        propertyType: 'single-family',
        purchasePrice: 300_000,
        ...seed,
      }),
    )
    .returning({ id: deals.id })
  return row!.id
}

/** The listing goes live: its priority wave runs now (its other wave waits for the window). */
async function goLive(dealId: string) {
  await onListingLive(app, dealId)
  await runJobs(app)
}

/** The priority window passes: the waiting wave is due (pg-boss reads the database's clock). */
async function afterTheWindow() {
  await makeJobsDue(app)
  await runJobs(app)
}

const notified = async (dealId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.dealId, dealId))).map((n) => n.userId).sort()
const mailsTo = (person: Caller) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, person.email.toLowerCase()))

describe('priority buyers', () => {
  it('tells matching Certified buyers first, records it, and the others only after the window', async () => {
    const id = await listing()
    await goLive(id)
    expect(await notified(id)).toEqual([certified.id])
    const [mail] = (await mailsTo(certified)).filter((m) => m.template === 'matchAlert')
    expect(mail!.subject).toContain('scores 100 for you')
    expect(mail!.text).toContain(`/deals/${id}`)

    const seen = await call(app, 'GET', `/api/deals/${id}`, { as: seller })
    expect(seen.json()).toMatchObject({ priorityNotification: { count: 1, sentAt: clock.toISOString() } })

    // Before the window ends nothing more is due; the others' wave waits for it.
    await runJobs(app)
    expect(await notified(id)).toEqual([certified.id])

    await afterTheWindow()
    expect(await notified(id)).toEqual([certified.id, regular.id].sort())
    const [regularMail] = (await mailsTo(regular)).filter((m) => m.text.includes(`/deals/${id}`))
    expect(regularMail!.subject).toContain('scores 100 for you')

    // Neither the waves again nor the listing going live again repeats anything.
    await onListingLive(app, id)
    await afterTheWindow()
    expect(await notified(id)).toHaveLength(2)
  })

  it('leaves out buyers whose place or deal type misses or whose score is too low, and the seller', async () => {
    const id = await listing({ city: 'Tucson', zipCode: '85701' })
    await goLive(id)
    await afterTheWindow()
    expect(await notified(id)).toEqual([])
    const [row] = await t.db.select().from(deals).where(eq(deals.id, id))
    expect(row!.priorityNotifiedCount).toBe(0)
  })

  it('tells the others at once when no Certified buyer matched, and keeps a hidden street out of it', async () => {
    const id = await listing({ zipCode: '85016', hideAddress: true, streetAddress: '9 Hidden Way' })
    await goLive(id)
    expect(await notified(id)).toEqual([regular.id])
    const [note] = await t.db.select().from(notifications).where(eq(notifications.dealId, id))
    expect(note!.message).toMatch(/^New match \(score 100\): Phoenix, AZ 85016 \(address undisclosed\) · /)
    expect(JSON.stringify(note!.data)).not.toContain('Hidden Way')
    const mails = (await mailsTo(regular)).filter((m) => m.text.includes(`/deals/${id}`))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).not.toContain('Hidden Way')
  })

  it("matches cash-only buy boxes to cash listings, and writes in the buyer's language", async () => {
    await updateUserRow(t.db, cashOnly.id, { language: 'es' })
    const id = await listing({ dealCategory: 'cash', purchaseType: null })
    await goLive(id)
    await afterTheWindow()
    expect(await notified(id)).toEqual([certified.id, regular.id, cashOnly.id].sort())
    const [mail] = (await mailsTo(cashOnly)).filter((m) => m.text.includes(`/deals/${id}`))
    expect(mail!.subject).toContain('Una nueva publicación')
  })

  it('never tells a buyer twice about one property: a second version of a live listing mails nobody who heard', async () => {
    const cash = await listing({ streetAddress: '9 Twin Mesa Street', dealCategory: 'cash', purchaseType: null })
    await goLive(cash)
    await afterTheWindow()
    expect(await notified(cash)).toEqual([certified.id, regular.id, cashOnly.id].sort())

    // The same seller publishes a creative version of the same house, spelled differently.
    const creative = await listing({ streetAddress: '9 twin mesa st.' })
    await goLive(creative)
    await afterTheWindow()
    expect(await notified(creative)).toEqual([])
    for (const buyer of [certified, regular, cashOnly]) {
      const about = (await mailsTo(buyer)).filter((m) => m.template === 'matchAlert' && /9 twin mesa/i.test(m.text))
      expect(about).toHaveLength(1)
    }

    // A buyer who matches only the new version still hears about it.
    const creativeOnly = await callerWith(t, ['buyer'], 'creative-priority@example.com')
    await putDocument(t.db, 'buyBox', creativeOnly.id, BuyBoxSchema.parse({ type: 'creative', zipCodes: ['85008'] }))
    const third = await listing({ streetAddress: '9 Twin Mesa St' })
    await goLive(third)
    await afterTheWindow()
    expect(await notified(third)).toEqual([creativeOnly.id])
  })
})
