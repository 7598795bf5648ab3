import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BuyBoxSchema, endpoints, PreferencesSchema, type OfferInput } from '../../src/contract'
import { mailOutbox } from '../../server/db/schema'
import { runDigests } from '../../server/modules/alerts/digest'
import { MAIL_TEMPLATES } from '../../server/modules/mail/templates'
import { putDocument } from '../../server/modules/profile/documents'
import { updateUserRow } from '../../server/modules/users/repository'
import type { Realtime } from '../../server/realtime'
import type { Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'
import { makeJobsDue, runJobs } from './jobs-helpers'

/*
 * Issue 22 item 1: every text a person receives about a listing whose seller hid the street (each notice
 * type, each mail, each realtime payload) names the street only to those the listing shows it to: its
 * seller, admins and owners, and the buyer whose offer is accepted. Everyone else reads the city, state
 * and ZIP.
 */

const STREET = '60401 Secretstreet'
const pushed: { channel: string; event: string; data: unknown }[] = []
const recorder: Realtime = {
  mode: 'embedded',
  clientConfig: { mode: 'off' },
  trigger: (channel, event, data) => {
    pushed.push({ channel, event, data })
    return Promise.resolve(true)
  },
  authorize: () => '',
  disconnectUser: () => Promise.resolve(),
  close: () => Promise.resolve(),
}

let t: TestApp
let seller: Caller
let matcher: Caller
let spanishMatcher: Caller
let owner: Caller
let certified: Caller
let interested: Caller
let winner: Caller
let loser: Caller
let declined: Caller
let dealId = ''

const cash = (purchasePrice: number) => ({ type: 'cash', purchasePrice, closeOfEscrowDate: '2099-06-30' }) as OfferInput

const clock = new Date('2026-11-21T10:00:00Z')

beforeAll(async () => {
  t = await createTestApp({ realtime: recorder, now: () => clock })
  seller = await person(t, ['originator'], 'Sam', 'Seller')
  matcher = await person(t, ['buyer'], 'Max', 'Match')
  spanishMatcher = await person(t, ['buyer'], 'Marta', 'Coincide')
  await updateUserRow(t.db, spanishMatcher.id, { language: 'es' })
  owner = await person(t, ['owner'], 'Olga', 'Owner')
  certified = await person(t, ['buyer'], 'Cleo', 'Certified')
  await updateUserRow(t.db, certified.id, { certifiedBuyer: true })
  for (const reader of [matcher, spanishMatcher, owner, certified]) {
    await putDocument(t.db, 'buyBox', reader.id, BuyBoxSchema.parse({ type: 'both', zipCodes: ['85001'] }))
    // Real-time e-mail alerts, but the Certified buyer's come in the daily digest (both mails are walked).
    const searchFrequency = reader === certified ? 'daily' : 'real-time'
    const preferences = { state: 'AZ', city: 'Phoenix', searchFrequency, notificationChannels: ['email'] }
    await putDocument(t.db, 'preferences', reader.id, PreferencesSchema.parse(preferences))
  }
  interested = await person(t, ['buyer'], 'Ivy', 'Interested')
  winner = await person(t, ['buyer'], 'Wendy', 'Winner')
  loser = await person(t, ['buyer'], 'Lou', 'Loser')
  declined = await person(t, ['buyer'], 'Dana', 'Declined')

  // Listed: the matching Certified buyer hears of it first (in their digest), the other matching buyers (and
  // the owner, who keeps a buy box) once the priority window has passed.
  const deal = await createListing(t, seller, { streetAddress: STREET, hideAddress: true })
  dealId = deal.id
  await runJobs(t.app)
  await makeJobsDue(t.app)
  await runJobs(t.app)
  await runDigests(t.app, { userId: certified.id, whenever: true })
  const params = { id: dealId }
  // Interest: the seller gets a mail and a conversation notice.
  await client(t.app, interested).ok(endpoints.expressInterest, {
    params,
    body: { message: 'Is it still available?', name: 'Ivy Interested', phone: '(602) 555-0100' },
  })
  // The seller answers: a new message for the buyer.
  const thread = (await client(t.app, seller).ok(endpoints.listThreads, { query: {} })).items[0]!
  await client(t.app, seller).ok(endpoints.sendMessage, {
    params: { threadId: thread.threadId },
    body: { message: 'Yes, it is.' },
  })
  // Offers: each tells the seller; one is declined with a reason.
  const won = await client(t.app, winner).ok(endpoints.submitOffer, { params, body: cash(200000) })
  await client(t.app, loser).ok(endpoints.submitOffer, { params, body: cash(190000) })
  const lost = await client(t.app, declined).ok(endpoints.submitOffer, { params, body: cash(150000) })
  await client(t.app, seller).ok(endpoints.declineOffer, {
    params: { offerId: lost.id },
    body: { reason: 'Too low.' },
  })
  // The seller writes first to a buyer who offered (a new conversation), who blocks it.
  const started = await client(t.app, seller).ok(endpoints.messageBuyer, {
    params: { id: dealId, buyerId: loser.id },
    body: { message: 'Could you go higher?' },
  })
  await client(t.app, loser).ok(endpoints.blockThread, { params: { threadId: started.threadId } })
  // The acceptance tells the winner, the seller and every other buyer with an open offer.
  await client(t.app, seller).ok(endpoints.acceptOffer, { params: { offerId: won.id } })
}, 180_000)
afterAll(() => t.close())

const noticesOf = async (caller: Caller) =>
  (await client(t.app, caller).ok(endpoints.notifications)).notifications.filter((item) => item.dealId === dealId)

const mailsTo = async (caller: Caller) =>
  (await t.db.select().from(mailOutbox)).filter((mail) => mail.to === caller.email.toLowerCase())

const pushesTo = (caller: Caller) => pushed.filter((push) => push.channel === `private-user-${caller.id}`)

/** Every text `caller` received: their notices, their mails (subject and body) and their realtime payloads. */
async function everythingReceivedBy(caller: Caller) {
  const notices = await noticesOf(caller)
  const mails = await mailsTo(caller)
  return {
    notices,
    mails,
    texts: [
      ...notices.map((notice) => JSON.stringify(notice)),
      ...mails.map((mail) => `${mail.subject}\n${mail.text}\n${JSON.stringify(mail.data)}`),
      ...pushesTo(caller).map((push) => JSON.stringify(push.data)),
    ],
  }
}

describe('a listing with a hidden street', () => {
  it('never names the street to a buyer it is hidden from, in any notice, mail or push', async () => {
    for (const reader of [matcher, spanishMatcher, certified, interested, loser, declined]) {
      const { texts } = await everythingReceivedBy(reader)
      expect(texts.length).toBeGreaterThan(0)
      for (const text of texts) expect(text).not.toContain('Secretstreet')
    }
  })

  it('tells them where it is without the street: the city, state and ZIP, in their language', async () => {
    const [declineMail] = await mailsTo(declined)
    expect(declineMail!.subject).toBe('Your Keyway offer on Phoenix, AZ 85001 (address undisclosed) was declined')
    const [declinedNotice] = await noticesOf(declined)
    expect(declinedNotice!.message).toBe(
      'Your cash offer of $150,000 on Phoenix, AZ 85001 (address undisclosed) was declined. Reason: Too low.',
    )
    const [spanishMail] = await mailsTo(spanishMatcher)
    expect(spanishMail!.text).toContain('Phoenix, AZ 85001 (dirección no revelada)')
  })

  it('names the street to those it is shown to: the seller, an owner, the buyer whose offer is accepted', async () => {
    for (const reader of [seller, owner, winner]) {
      const { texts } = await everythingReceivedBy(reader)
      expect(texts.some((text) => text.includes(STREET))).toBe(true)
    }
    const sellerMails = await mailsTo(seller)
    expect(sellerMails.map((mail) => mail.subject)).toContain(`New Keyway offer on ${STREET}, Phoenix, AZ 85001`)
    const [acceptedMail] = await mailsTo(winner)
    expect(acceptedMail!.subject).toBe(`Your Keyway offer on ${STREET}, Phoenix, AZ 85001 was accepted`)
  })

  it('walked every notice type and every mail about a listing', async () => {
    const readers = [seller, matcher, spanishMatcher, owner, certified, interested, winner, loser, declined]
    const types = new Set<string>()
    const templates = new Set<string>()
    for (const reader of readers) {
      const { notices, mails } = await everythingReceivedBy(reader)
      for (const notice of notices) types.add(notice.type)
      for (const mail of mails) templates.add(mail.template)
    }
    expect([...types].sort()).toEqual([
      'match_alert',
      'match_digest',
      'new_message',
      'new_thread',
      'offer_accepted',
      'offer_declined',
      'offer_not_accepted',
      'offer_received',
      'thread_blocked',
    ])
    // Every template is either walked here or about no listing at all (codes, links, invitations, the waitlist).
    const aboutNoListing = [
      'signupCode',
      'signinLink',
      'passwordReset',
      'invitation',
      'waitlisted',
      'alreadyRegistered',
      'emailChangeCode',
      'waitlistDeclined',
      'sellerRequestApproved',
      'sellerRequestDeclined',
      'trainingCertified',
      'helpAnswered',
      // Freshness mails go to the listing's own seller, who always sees its street (tests/server/freshness.test.ts).
      'listingStale',
      'listingAutoCanceled',
    ]
    expect([...templates, ...aboutNoListing].sort()).toEqual([...MAIL_TEMPLATES].sort())
  })
})
