import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type OfferInput } from '../../src/contract'
import { updateUserRow } from '../../server/modules/users/repository'
import { callerWith, type Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'
import { latestMail } from './identity-helpers'

// Runs on PGlite, and on PostgreSQL in the server-pg project (TEST_DATABASE_URL), where the race is real.
let t: TestApp
let seller: Caller
let admin: Caller

beforeAll(async () => {
  t = await createTestApp()
  ;[seller, admin] = await Promise.all([person(t, ['originator'], 'Sam', 'Seller'), callerWith(t, ['admin'])])
})
afterAll(() => t.close())

const cashOffer = { type: 'cash', purchasePrice: 240000, closeOfEscrowDate: '2099-06-30' } as OfferInput
const creativeOffer = { type: 'creative', entryFee: 20000, closeOfEscrowDate: '2099-07-15' } as OfferInput

async function dealWithOffers(listing: Record<string, unknown> = {}) {
  const deal = await createListing(t, seller, listing)
  const [first, second] = await Promise.all([
    person(t, ['buyer'], 'Bea', 'Buyer'),
    person(t, ['buyer'], 'Oscar', 'Other'),
  ])
  const firstOffer = await client(t.app, first).ok(endpoints.submitOffer, { params: { id: deal.id }, body: cashOffer })
  const secondOffer = await client(t.app, second).ok(endpoints.submitOffer, {
    params: { id: deal.id },
    body: creativeOffer,
  })
  return { deal, buyers: [first, second] as const, offers: [firstOffer, secondOffer] as const }
}

const statusesOf = async (dealId: string) =>
  Object.fromEntries(
    (await client(t.app, seller).ok(endpoints.listOffers, { params: { id: dealId } })).map((offer) => [
      offer.id,
      offer.status,
    ]),
  )

describe('POST /api/offers/:offerId/accept', () => {
  it('accepts the offer, makes the listing pending (platform history) and every other open offer not accepted', async () => {
    const { deal, buyers, offers } = await dealWithOffers()
    const accepted = await client(t.app, seller).ok(endpoints.acceptOffer, { params: { offerId: offers[0].id } })
    expect(accepted).toMatchObject({ id: offers[0].id, status: 'accepted', decidedAt: expect.any(String) })
    expect(await statusesOf(deal.id)).toEqual({ [offers[0].id]: 'accepted', [offers[1].id]: 'not_accepted' })

    const after = await client(t.app, seller).ok(endpoints.getDeal, { params: { id: deal.id } })
    expect(after).toMatchObject({ status: 'pending', availability: 'no-new-offers' })
    expect(after.statusHistory.at(-1)).toMatchObject({ status: 'pending', source: 'platform' })

    // The other offer can no longer be accepted, and nobody may offer on a pending listing.
    const late = await client(t.app, seller).send(endpoints.acceptOffer, { params: { offerId: offers[1].id } })
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ code: 'offer_not_open', message: expect.stringContaining('already decided') })
    const again = await client(t.app, buyers[1]).send(endpoints.submitOffer, {
      params: { id: deal.id },
      body: cashOffer,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'no_new_offers' })
    // The buyer sees the outcome of each offer.
    const [mine] = await client(t.app, buyers[1]).ok(endpoints.myOffers)
    expect(mine).toMatchObject({ id: offers[1].id, status: 'not_accepted' })
  })

  it('tells both sides: a notice each, the seller’s note in their conversation (started), a mail to the buyer', async () => {
    const { deal, buyers, offers } = await dealWithOffers({ streetAddress: '77 Accept Avenue' })
    const [buyer] = buyers
    await client(t.app, seller).ok(endpoints.acceptOffer, { params: { offerId: offers[0].id } })

    const buyerBell = await client(t.app, buyer).ok(endpoints.notifications)
    const buyerNotice = buyerBell.notifications.find((notice) => notice.type === 'offer_accepted')
    expect(buyerNotice).toMatchObject({
      senderName: 'Sam Seller',
      message: 'Your cash offer of $240,000 on 77 Accept Avenue, Phoenix, AZ 85001 was accepted.',
      dealInfo: { address: '77 Accept Avenue', city: 'Phoenix' },
    })
    const sellerBell = await client(t.app, seller).ok(endpoints.notifications)
    expect(sellerBell.notifications.find((notice) => notice.type === 'offer_accepted')).toMatchObject({
      message: "You accepted Bea Buyer's cash offer of $240,000 on 77 Accept Avenue, Phoenix, AZ 85001.",
    })

    const { items } = await client(t.app, buyer).ok(endpoints.listThreads)
    const thread = items.find((item) => item.deal?.id === deal.id)
    expect(thread).toBeDefined()
    const messages = await client(t.app, buyer).ok(endpoints.listMessages, { params: { threadId: thread!.threadId } })
    expect(messages.items).toEqual([
      expect.objectContaining({
        senderId: seller.id,
        // The close date as the reader writes dates, not an ISO string.
        body: expect.stringContaining(
          'I accepted your cash offer of $240,000 (estimated close of escrow June 30th, 2099)',
        ),
      }),
    ])
    expect(
      buyerBell.notifications.some((notice) => notice.type === 'new_thread' && notice.threadId === thread!.threadId),
    ).toBe(true)

    const mail = await latestMail(t.app, buyer.email)
    expect(mail).toMatchObject({
      template: 'offerAccepted',
      subject: 'Your Keyway offer on 77 Accept Avenue, Phoenix, AZ 85001 was accepted',
    })
    expect(mail!.text).toContain(`/deals/${deal.id}`)
    expect(mail!.text).toContain('with an estimated close of escrow on June 30th, 2099.')
  })

  it('writes in each recipient’s language and adds to a conversation that exists', async () => {
    const deal = await createListing(t, seller)
    const buyer = await person(t, ['buyer'], 'Lucía', 'Comprador')
    await updateUserRow(t.db, buyer.id, { language: 'es' })
    const thread = await client(t.app, buyer).ok(endpoints.startThread, { body: { dealId: deal.id, message: 'Hola' } })
    const offer = await client(t.app, buyer).ok(endpoints.submitOffer, { params: { id: deal.id }, body: creativeOffer })
    await client(t.app, admin).ok(endpoints.acceptOffer, { params: { offerId: offer.id } })

    const bell = await client(t.app, buyer).ok(endpoints.notifications)
    expect(bell.notifications.find((notice) => notice.type === 'offer_accepted')?.message).toMatch(
      /^Tu oferta creativa con un pago de entrada de \$20,000 por .* fue aceptada\.$/,
    )
    const messages = await client(t.app, buyer).ok(endpoints.listMessages, { params: { threadId: thread.threadId } })
    expect(messages.items.map((message) => message.senderId)).toEqual([buyer.id, seller.id])
    expect(messages.items[1]!.body).toMatch(
      /^Acepté tu oferta creativa .*\(cierre de escrow estimado: 15 de julio de 2099\)/,
    )
    expect((await latestMail(t.app, buyer.email))!.subject).toMatch(/^Tu oferta en Keyway por .* fue aceptada$/)
  })

  it('lets exactly one of two simultaneous acceptances of one listing’s offers win; the other gets 409', async () => {
    const { deal, offers } = await dealWithOffers()
    const responses = await Promise.all(
      offers.map((offer) => client(t.app, seller).send(endpoints.acceptOffer, { params: { offerId: offer.id } })),
    )
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409])
    const loser = responses.find((response) => response.statusCode === 409)!
    expect(['offer_not_open', 'deal_not_available']).toContain(loser.json().code)
    expect(loser.json().message).toEqual(expect.any(String))
    const statuses = Object.values(await statusesOf(deal.id)).sort()
    expect(statuses).toEqual(['accepted', 'not_accepted'])
    const history = await client(t.app, seller).ok(endpoints.dealStatusHistory, { params: { id: deal.id } })
    expect(history.filter((entry) => entry.status === 'pending')).toHaveLength(1)
  })

  it('refuses an offer on a listing that is no longer available (409 deal_not_available)', async () => {
    const { deal, offers } = await dealWithOffers()
    await client(t.app, seller).ok(endpoints.changeDealStatus, {
      params: { id: deal.id },
      body: { status: 'pending', onPlatform: false },
    })
    const response = await client(t.app, seller).send(endpoints.acceptOffer, { params: { offerId: offers[0].id } })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      code: 'deal_not_available',
      message: 'This listing is no longer taking offers: another offer was accepted or its status changed.',
    })
  })
})

describe('leaving pending and the hidden address', () => {
  it('releases the accepted offer when the seller moves the listing back to active; buyers may offer again', async () => {
    const { deal, buyers, offers } = await dealWithOffers()
    await client(t.app, seller).ok(endpoints.acceptOffer, { params: { offerId: offers[0].id } })
    await client(t.app, seller).ok(endpoints.changeDealStatus, {
      params: { id: deal.id },
      body: { status: 'active', onPlatform: true },
    })
    expect(await statusesOf(deal.id)).toEqual({ [offers[0].id]: 'released', [offers[1].id]: 'not_accepted' })
    const fresh = await client(t.app, buyers[1]).send(endpoints.submitOffer, {
      params: { id: deal.id },
      body: cashOffer,
    })
    expect(fresh.statusCode).toBe(201)
    // A new acceptance is possible again (the released one no longer counts as the accepted offer).
    await client(t.app, seller).ok(endpoints.acceptOffer, { params: { offerId: fresh.json().id } })
  })

  it('keeps an accepted offer when the listing is sold', async () => {
    const { deal, offers } = await dealWithOffers()
    await client(t.app, seller).ok(endpoints.acceptOffer, { params: { offerId: offers[0].id } })
    await client(t.app, seller).ok(endpoints.changeDealStatus, {
      params: { id: deal.id },
      body: { status: 'sold', onPlatform: true },
    })
    expect((await statusesOf(deal.id))[offers[0].id]).toBe('accepted')
  })

  it('shows a hidden street to the buyer whose offer is accepted, and only while it is', async () => {
    const { deal, buyers, offers } = await dealWithOffers({ hideAddress: true, streetAddress: '9 Secret Lane' })
    const seen = async (viewer: Caller) =>
      (await client(t.app, viewer).ok(endpoints.getDeal, { params: { id: deal.id } })).streetAddress
    expect(await seen(buyers[0])).toBeNull()

    await client(t.app, seller).ok(endpoints.acceptOffer, { params: { offerId: offers[0].id } })
    expect(await seen(buyers[0])).toBe('9 Secret Lane')
    expect(await seen(buyers[1])).toBeNull()
    const [mine] = await client(t.app, buyers[0]).ok(endpoints.myOffers)
    expect(mine!.deal).toMatchObject({ streetAddress: '9 Secret Lane', addressHidden: false })
    const { items } = await client(t.app, buyers[0]).ok(endpoints.listThreads)
    expect(items.find((item) => item.deal?.id === deal.id)?.deal?.streetAddress).toBe('9 Secret Lane')

    await client(t.app, seller).ok(endpoints.changeDealStatus, {
      params: { id: deal.id },
      body: { status: 'active', onPlatform: true },
    })
    expect(await seen(buyers[0])).toBeNull()
  })
})
