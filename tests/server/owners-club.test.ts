import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import zipcodes from 'zipcodes'
import { endpoints, type Thread } from '../../src/contract'
import { chatThreads } from '../../server/db/schema'
import { updateUserRow } from '../../server/modules/users/repository'
import { callerWith, validProfile, type Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

/*
 * Issue 26, the Owners Club: members' markets by ZIP and the directory of members who opted in (sellers,
 * owners, admins only), and conversations between members that are about no listing.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
}, 60_000)
afterAll(() => t.close())

/** A seller who opted in to the directory, with a company and a listing at `zipCode`. */
async function listedSeller(zipCode = '85001', first = 'Olga', last = 'Owner') {
  const seller = await person(t, ['originator'], first, last)
  await updateUserRow(t.db, seller.id, {
    companyName: `${first} Homes`,
    companyPhone: '6025550100',
    companyEmail: `${first.toLowerCase()}@homes.test`,
    ownersClubListed: true,
    ownersClubDealTypes: ['cash', 'SubTo'],
  })
  await createListing(t, seller, { zipCode, streetAddress: `${Math.floor(Math.random() * 9000) + 1000} Hidden Way` })
  return seller
}
const threadOf = (thread: Thread) => ({ params: { threadId: thread.threadId } })
const write = (from: Caller, to: string, message = 'Hello, fellow owner') =>
  client(t.app, from).send(endpoints.startMemberConversation, { params: { userId: to }, body: { message } })

describe('who may read the Owners Club', () => {
  it('refuses buyers (403) and signed-out callers (401); sellers, owners and admins read it', async () => {
    const buyer = await callerWith(t, ['buyer'])
    expect((await client(t.app, buyer).send(endpoints.ownersLocations)).statusCode).toBe(403)
    expect((await client(t.app).send(endpoints.ownersLocations)).statusCode).toBe(401)
    for (const roles of [['originator'], ['owner'], ['admin']] as const) {
      const reader = await callerWith(t, [...roles])
      expect((await client(t.app, reader).send(endpoints.ownersLocations)).statusCode).toBe(200)
    }
  })
})

describe('the directory and the map', () => {
  it('lists a member who opted in from the profile, with markets, deal types and contact; not one who did not', async () => {
    const optedIn = await person(t, ['originator'], 'Ines', 'Listed')
    await client(t.app, optedIn).ok(endpoints.updateProfile, {
      body: {
        ...validProfile,
        companyName: 'Ines Realty',
        companyEmail: 'ines@realty.test',
        ownersClubListed: true,
        ownersClubDealTypes: ['SellerFinance', 'cash'],
      },
    })
    await createListing(t, optedIn, { zipCode: '85004', city: 'Phoenix', state: 'AZ' })
    const quiet = await person(t, ['originator'], 'Quinn', 'Quiet')
    await createListing(t, quiet, { zipCode: '85004', city: 'Phoenix', state: 'AZ' })

    const reader = await callerWith(t, ['originator'])
    const club = await client(t.app, reader).ok(endpoints.ownersLocations)
    const ids = club.directory.map((member) => member.id)
    expect(ids).toContain(optedIn.id)
    expect(ids).not.toContain(quiet.id)
    expect(club.directory.find((member) => member.id === optedIn.id)).toMatchObject({
      name: 'Ana Ruiz',
      companyName: 'Ines Realty',
      markets: [{ zipCode: '85004', city: 'Phoenix', state: 'AZ' }],
      states: ['AZ'],
      dealTypes: ['SellerFinance', 'cash'],
      contact: { phone: null, email: 'ines@realty.test' },
    })
    // The map counts every member's live listings by ZIP, opted in or not.
    expect(club.zips.find((zip) => zip.zipCode === '85004')?.members).toBeGreaterThanOrEqual(2)
    expect(club.directoryTotal).toBeGreaterThanOrEqual(1)
  })

  it('is off by default and leaves buyers out even when they set it', async () => {
    const seller = await person(t, ['originator'], 'Dana', 'Default')
    const buyer = await person(t, ['buyer'], 'Bo', 'Buyer')
    await updateUserRow(t.db, buyer.id, { ownersClubListed: true })
    const club = await client(t.app, await callerWith(t, ['admin'])).ok(endpoints.ownersLocations)
    const ids = club.directory.map((member) => member.id)
    expect(ids).not.toContain(seller.id)
    expect(ids).not.toContain(buyer.id)
  })

  it('never answers a street address or a listing position: ZIP centres only', async () => {
    const seller = await listedSeller('85003')
    const reader = await callerWith(t, ['owner'])
    const answer = await client(t.app, reader).send(endpoints.ownersLocations)
    expect(answer.body).not.toMatch(/Hidden Way/)
    const club = answer.json() as { zips: { zipCode: string; lat: number; lng: number }[] }
    // 85003's centre as the ZIP table gives it, whatever the listing's own position.
    const centre = zipcodes.lookup('85003')!
    expect(club.zips.find((zip) => zip.zipCode === '85003')).toMatchObject({
      lat: centre.latitude,
      lng: centre.longitude,
    })
    const listed = await client(t.app, reader).ok(endpoints.ownersLocations)
    expect(Object.keys(listed.directory.find((member) => member.id === seller.id)!.markets[0]!)).toEqual([
      'zipCode',
      'city',
      'state',
    ])
  })
})

describe('messaging a member', () => {
  it('starts one conversation however often and concurrently it is started, from either side', async () => {
    const member = await listedSeller('85006', 'Mia', 'Member')
    const other = await listedSeller('85007', 'Otto', 'Other')
    const answers = await Promise.all([write(other, member.id, 'one'), write(other, member.id, 'two')])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
    const [a, b] = answers.map((answer) => (answer.json() as Thread).threadId)
    expect(a).toBe(b)
    // The member writing back meets the same conversation.
    const back = await write(member, other.id, 'three')
    expect((back.json() as Thread).threadId).toBe(a)
    const rows = await t.db
      .select({ id: chatThreads.id })
      .from(chatThreads)
      .where(and(isNull(chatThreads.dealId), eq(chatThreads.sellerId, member.id)))
    expect(rows).toHaveLength(1)
  })

  it('refuses a non-member, oneself, a member who did not opt in, an unknown id; and buyers may not write', async () => {
    const from = await listedSeller('85008', 'Fay', 'From')
    const buyer = await person(t, ['buyer'])
    const notListed = await person(t, ['originator'])
    expect((await write(from, buyer.id)).statusCode).toBe(404)
    expect((await write(from, from.id)).statusCode).toBe(404)
    expect((await write(from, notListed.id)).statusCode).toBe(404)
    expect((await write(from, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    expect((await write(buyer, from.id)).statusCode).toBe(403)
  })

  it('shows the conversation in both members’ lists without a listing; messages flow, are read, and blocking stops them', async () => {
    const member = await listedSeller('85009', 'Rita', 'Receiver')
    const starter = await listedSeller('85012', 'Sid', 'Starter')
    const thread = (await write(starter, member.id, 'Want to partner on Phoenix deals?')).json() as Thread
    expect(thread).toMatchObject({
      deal: null,
      viewerRole: 'buyer',
      seller: { id: member.id, name: 'Rita Receiver', companyName: 'Rita Homes' },
    })

    const theirs = await client(t.app, member).ok(endpoints.listThreads)
    expect(theirs.items.find((item) => item.threadId === thread.threadId)).toMatchObject({
      deal: null,
      viewerRole: 'seller',
      unreadCount: 1,
      buyer: { id: starter.id, companyName: 'Sid Homes' },
    })
    const mine = await client(t.app, starter).ok(endpoints.listThreads)
    expect(mine.items.map((item) => item.threadId)).toContain(thread.threadId)

    const bell = await client(t.app, member).ok(endpoints.notifications)
    expect(bell.notifications.find((notice) => notice.threadId === thread.threadId)).toMatchObject({
      type: 'new_thread',
      senderName: 'Sid Starter',
      dealInfo: null,
      dealId: null,
    })

    await client(t.app, member).ok(endpoints.sendMessage, { ...threadOf(thread), body: { message: 'Sure, call me' } })
    const messages = await client(t.app, starter).ok(endpoints.listMessages, threadOf(thread))
    expect(messages.items.map((message) => message.body)).toEqual([
      'Want to partner on Phoenix deals?',
      'Sure, call me',
    ])
    expect((await client(t.app, starter).ok(endpoints.markThreadRead, threadOf(thread))).unreadCount).toBe(0)

    const blocked = await client(t.app, member).ok(endpoints.blockThread, threadOf(thread))
    expect(blocked).toMatchObject({ blocked: true, blockedByViewer: true })
    const refused = await client(t.app, starter).send(endpoints.sendMessage, {
      ...threadOf(thread),
      body: { message: 'Hello?' },
    })
    expect(refused.statusCode).toBe(409)
    expect((await write(starter, member.id, 'Again?')).statusCode).toBe(409)

    // Nobody else reads it (an admin observes, as for any conversation).
    const outsider = await listedSeller('85013', 'Nia', 'Nosy')
    expect((await client(t.app, outsider).send(endpoints.getThread, threadOf(thread))).statusCode).toBe(404)
  })
})
