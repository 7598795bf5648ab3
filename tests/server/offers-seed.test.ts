import { describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { DEMO_PASSWORD } from '../../server/modules/seed/demo-accounts'
import { seedDemo } from '../../server/modules/seed/service'
import { client } from './contract-client'
import { bearer, signIn, testAppForFile } from './identity-helpers'

describe('the demo offers', () => {
  const t = testAppForFile()

  it('gives the demo seller offers to compare, the hybrid user a declined offer and one received, once', async () => {
    await seedDemo(t.app)
    await seedDemo(t.app)
    const as = async (email: string) => ({ headers: bearer((await signIn(t.app, email, DEMO_PASSWORD)).idToken) })
    const [buyer, hybrid, seller] = [
      await as('buyer@demo.test'),
      await as('hybrid@demo.test'),
      await as('seller@demo.test'),
    ]

    const { items } = await client(t.app, seller).ok(endpoints.myDeals, { query: { page: 1, pageSize: 5 } })
    const withOffers = items.filter((item) => item.offerCount > 0)
    expect(withOffers.length).toBe(2)
    const offers = await client(t.app, seller).ok(endpoints.listOffers, { params: { id: withOffers[0]!.id } })
    expect(offers.map((offer) => [offer.type, offer.status]).sort()).toEqual([
      ['cash', 'submitted'],
      ['creative', 'submitted'],
    ])
    const sellerBell = await client(t.app, seller).ok(endpoints.notifications)
    expect(sellerBell.notifications.filter((notice) => notice.type === 'offer_received')).toHaveLength(3)

    const hybridOffers = await client(t.app, hybrid).ok(endpoints.myOffers)
    expect(hybridOffers.map((offer) => offer.status).sort()).toEqual(['declined', 'submitted'])
    expect(hybridOffers.find((offer) => offer.status === 'declined')!.declineReason).toMatch(/stronger offer/)
    const hybridListings = await client(t.app, hybrid).ok(endpoints.myDeals)
    expect(hybridListings.items.some((item) => item.offerCount === 1)).toBe(true)

    const buyerOffers = await client(t.app, buyer).ok(endpoints.myOffers)
    expect(buyerOffers.map((offer) => offer.status)).toEqual(['submitted', 'submitted'])
    // Every close date is ahead of today.
    for (const offer of [...hybridOffers, ...buyerOffers])
      expect(offer.closeOfEscrowDate > new Date().toISOString().slice(0, 10)).toBe(true)
  })
})
