import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose'
import { endpoints, type OfferInput, type Role } from '../../../src/contract'
import { dealPhotos, feedback } from '../../../server/db/schema'
import { seedHelp } from '../../../server/modules/help/seed'
import { seedTraining } from '../../../server/modules/training/seed'
import { callerWith, type Caller } from '../accounts-helpers'
import { client } from '../contract-client'
import { createListing, setDealStatus } from '../deals-helpers'
import type { TestApp } from '../helpers'

/*
 * The people and objects the authorization matrix calls every endpoint with: ten callers (the brief of issue 28)
 * and real objects made through the API (a listing of the owning seller, the buyer's offer, interest,
 * conversation, saved search, …). `fresh` makes a new object for a call that would spoil it for the next one.
 */

export const CALLERS = [
  'anonymous',
  'forged',
  'deactivated',
  'buyer',
  'otherBuyer',
  'owningSeller',
  'otherSeller',
  'hybrid',
  'owner',
  'admin',
] as const
export type CallerName = (typeof CALLERS)[number]

/** The callers with an active account, and the roles each holds. */
export const ACTIVE_ROLES = {
  buyer: ['buyer'],
  otherBuyer: ['buyer'],
  owningSeller: ['originator'],
  otherSeller: ['originator'],
  hybrid: ['buyer', 'originator'],
  owner: ['owner'],
  admin: ['admin'],
} as const satisfies Record<string, readonly Role[]>
export type ActiveCaller = keyof typeof ACTIVE_ROLES
export const isActive = (name: CallerName): name is ActiveCaller => name in ACTIVE_ROLES

export const cashOffer = { type: 'cash', purchasePrice: 240000, closeOfEscrowDate: '2099-06-30' } as OfferInput
export const interestBody = { message: 'Is the roof new?', name: 'Bea Buyer', phone: '6025550100' }

/** An id no object has: for endpoints whose object does not decide who may call them (admin-only ones). */
export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000'

export type World = Awaited<ReturnType<typeof buildWorld>>

/**
 * A token the IdP never issued: the buyer's own claims and key id, signed with a key of our own. The server
 * must answer 401 as if no token came.
 */
async function forgedToken(genuine: string): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256')
  const header = decodeProtectedHeader(genuine)
  return new SignJWT(decodeJwt(genuine))
    .setProtectedHeader({ alg: 'RS256', ...(header.kid && { kid: header.kid }) })
    .sign(privateKey)
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/**
 * Other tokens the IdP never issued, made from a genuine one: unsigned (`alg: none`), its claims swapped for
 * another account's under the genuine signature, and its signature altered.
 */
export function tamperedTokens(genuine: string, otherGenuine: string): Record<string, string> {
  const [header, payload, signature] = genuine.split('.') as [string, string, string]
  const otherPayload = otherGenuine.split('.')[1]!
  const last = signature.at(-2) === 'A' ? 'B' : 'A'
  return {
    'unsigned (alg none)': `${base64url({ ...decodeProtectedHeader(genuine), alg: 'none' })}.${payload}.`,
    "another account's claims under this signature": `${header}.${otherPayload}.${signature}`,
    'an altered signature': `${header}.${payload}.${signature.slice(0, -2)}${last}${signature.at(-1)}`,
  }
}

export async function buildWorld(t: TestApp) {
  const as = (caller: Caller) => client(t.app, caller)
  const [buyer, otherBuyer, owningSeller, otherSeller, hybrid, owner, admin, deactivated] = await Promise.all([
    ...Object.values(ACTIVE_ROLES).map((roles) => callerWith(t, [...roles])),
    callerWith(t, ['buyer']),
  ])
  const users = {
    buyer: buyer!,
    otherBuyer: otherBuyer!,
    owningSeller: owningSeller!,
    otherSeller: otherSeller!,
    hybrid: hybrid!,
    owner: owner!,
    admin: admin!,
  }
  // Deactivated the way an admin does it; the token they signed in with before stays in their hands.
  await as(admin!).ok(endpoints.adminUpdateUser, {
    params: { id: deactivated!.id },
    body: { status: 'deactivated', reason: 'Authorization matrix' },
  })
  const headers: Record<CallerName, Record<string, string>> = {
    anonymous: {},
    forged: { authorization: `Bearer ${await forgedToken(buyer!.tokens.idToken)}` },
    deactivated: deactivated!.headers,
    buyer: users.buyer.headers,
    otherBuyer: users.otherBuyer.headers,
    owningSeller: users.owningSeller.headers,
    otherSeller: users.otherSeller.headers,
    hybrid: users.hybrid.headers,
    owner: users.owner.headers,
    admin: users.admin.headers,
  }

  /** An active listing of the owning seller. */
  async function listing() {
    const deal = await createListing(t, owningSeller!)
    await setDealStatus(t, deal.id, 'active')
    return deal
  }
  async function offerOn(dealId: string) {
    return as(buyer!).ok(endpoints.submitOffer, { params: { id: dealId }, body: cashOffer })
  }
  async function threadAbout(dealId: string) {
    return as(buyer!).ok(endpoints.startThread, { body: { dealId, message: 'Is it still available?' } })
  }
  async function savedSearch() {
    return as(buyer!).ok(endpoints.createSavedSearch, {
      body: {
        name: `Phoenix ${randomUUID().slice(0, 8)}`,
        filters: { state: 'AZ', city: 'Phoenix' },
        frequency: 'weekly',
        channels: [],
      },
    })
  }
  async function photo(dealId: string) {
    const key = `deals/${dealId}/${randomUUID()}`
    const [row] = await t.db
      .insert(dealPhotos)
      .values({ dealId, position: 0, originalKey: key, displayKey: key, thumbKey: key, width: 10, height: 10 })
      .returning({ id: dealPhotos.id })
    return row!.id
  }

  const deal = await listing()
  const offer = await offerOn(deal.id)
  await as(buyer!).ok(endpoints.expressInterest, { params: { id: deal.id }, body: interestBody })
  const thread = await threadAbout(deal.id)
  const search = await savedSearch()
  const photoId = await photo(deal.id)
  const { notifications } = await as(owningSeller!).ok(endpoints.notifications)
  const notice = notifications[0]
  if (!notice) throw new Error('The owning seller should have a notice of the offer')
  /** The content objects (feedback, a roadmap item, help and training), made once by the first call that needs them. */
  async function makeContent() {
    const [feedbackRow] = await t.db
      .insert(feedback)
      .values({
        userId: buyer!.id,
        type: 'bug',
        comment: 'The map is blank',
        page: '/deals',
      } as typeof feedback.$inferInsert)
      .returning({ id: feedback.id })
    const roadmapItem = await as(admin!).ok(endpoints.adminCreateRoadmapItem, {
      body: {
        status: 'planned',
        titleEn: 'Dark mode',
        titleEs: 'Modo oscuro',
        descriptionEn: 'A darker look for the evening.',
        descriptionEs: 'Un aspecto más oscuro para la noche.',
      },
    })
    await seedHelp(t.db, fileURLToPath(new URL('../fixtures/help/', import.meta.url)))
    await seedTraining(t.db, fileURLToPath(new URL('../fixtures/training/', import.meta.url)))
    const lessons = await as(buyer!).ok(endpoints.trainingLessons)
    const help = await client(t.app).ok(endpoints.helpHome)
    return {
      feedbackId: feedbackRow!.id,
      roadmapId: roadmapItem.id,
      lessonId: lessons.lessons[0]!.id,
      articleId: help.articles[0]!.id,
      categoryId: help.categories[0]!.id,
      questionId: help.questions[0]?.id,
    }
  }
  let content: ReturnType<typeof makeContent> | undefined

  return {
    t,
    users,
    headers,
    deactivated: deactivated!,
    deal,
    offer,
    thread,
    search,
    photoId,
    noticeId: notice.notificationId,
    content: () => (content ??= makeContent()),
    fresh: {
      listing,
      offer: async () => offerOn((await listing()).id),
      thread: async () => threadAbout((await listing()).id),
      savedSearch,
      photo: () => photo(deal.id),
    },
  }
}
