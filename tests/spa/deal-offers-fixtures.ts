import { http, HttpResponse } from 'msw'
import type { MyOffer, Offer, OfferValues } from '@/contract'
import { buildDeal } from './factories'
import { server } from './msw'

type ErrorAnswer = { status: number; body: { message: string; code?: string; fields?: Record<string, string> } }

/** The buyer's own offer on deal-1 as `GET /api/offers/mine` gives it; tests override what they care about. */
export function buildMyOffer(overrides: Partial<Offer> = {}): MyOffer {
  const deal = buildDeal()
  return {
    id: 'offer-1',
    dealId: deal.id,
    buyer: { id: 'buyer-1', name: 'Maria Lopez', certified: false },
    type: 'cash',
    purchasePrice: 240_000,
    entryFee: null,
    closeOfEscrowDate: '2099-06-30',
    message: null,
    status: 'submitted',
    declineReason: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    decidedAt: null,
    ...overrides,
    deal: {
      id: deal.id,
      streetAddress: deal.streetAddress,
      addressHidden: false,
      city: deal.city,
      state: deal.state,
      zipCode: deal.zipCode,
      status: deal.status,
    },
  }
}

/**
 * The offer endpoints of the buyer's side over one listing (after `dealDetailServer`, whose handlers these
 * override): the buyer's offers (a new one replaces the open one, as the server does), submit and withdraw.
 * `requests` records what the page sent and which listing it asked offers for.
 */
export function offersServer(
  options: {
    offers?: MyOffer[]
    submitFailure?: ErrorAnswer
    /** Every `GET /api/offers/mine` after the first answers 500 (the refresh after a sent offer fails). */
    refreshFails?: boolean
  } = {},
) {
  let offers = [...(options.offers ?? [])]
  const requests = { submitted: [] as OfferValues[], withdrawn: [] as string[], listedFor: [] as (string | null)[] }
  server.use(
    http.get('/api/offers/mine', ({ request }) => {
      requests.listedFor.push(new URL(request.url).searchParams.get('dealId'))
      if (options.refreshFails && requests.listedFor.length > 1) {
        return HttpResponse.json({ message: 'Something went wrong' }, { status: 500 })
      }
      return HttpResponse.json(offers)
    }),
    http.post('/api/deals/:id/offers', async ({ request, params }) => {
      const body = (await request.json()) as OfferValues
      requests.submitted.push(body)
      if (options.submitFailure) {
        return HttpResponse.json(options.submitFailure.body, { status: options.submitFailure.status })
      }
      const at = new Date().toISOString()
      offers = offers.map((offer) =>
        offer.status === 'submitted' ? { ...offer, status: 'withdrawn', decidedAt: at } : offer,
      )
      const created = buildMyOffer({
        id: `offer-${offers.length + 1}`,
        dealId: String(params.id),
        ...body,
        status: 'submitted',
        createdAt: at,
      })
      offers = [created, ...offers]
      const { deal: _deal, ...answer } = created
      return HttpResponse.json(answer, { status: 201 })
    }),
    http.post('/api/offers/:offerId/withdraw', ({ params }) => {
      const offerId = String(params.offerId)
      requests.withdrawn.push(offerId)
      offers = offers.map((offer) =>
        offer.id === offerId ? { ...offer, status: 'withdrawn', decidedAt: new Date().toISOString() } : offer,
      )
      const { deal: _deal, ...answer } = offers.find((offer) => offer.id === offerId)!
      return HttpResponse.json(answer)
    }),
  )
  return { requests }
}
