import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { Deal, Interest, InterestInput, ReceivedInterest, User } from '@/contract'
import { buildDeal } from './factories'
import { server } from './msw'
import { renderApp } from './render'

/** The page is a lazily loaded chunk; the first import can take a while on a busy machine. */
export const LAZY_CHUNK = { timeout: 8000 }

/** A lease option with rent credits and a deducted option fee, as the terms and the calculator show it. */
export const leaseOptionTerms = {
  dealCategory: 'creative',
  purchaseType: 'LeaseOption',
  purchasePrice: null,
  optionFee: 5000,
  optionSalePrice: 280_000,
  optionTerm: 2,
  optionFeeDeducted: true,
  leaseMonthlyPayment: 1800,
  monthlyPaymentCredited: true,
  monthlyCreditAmount: 200,
} satisfies Partial<Deal>

export const photo = (n: number) => ({
  id: `p${n}`,
  url: `/uploads/deals/p${n}.webp`,
  thumbUrl: `/uploads/deals/p${n}-thumb.webp`,
  width: 1600,
  height: 1200,
  position: n,
})

/**
 * The deal endpoints the detail page calls, over one listing. `interests` answers the seller's list;
 * requests records what the page sent. A missing deal answers 404 "Listing not found".
 */
export function dealDetailServer(options: {
  deal: Deal | null
  /** The seller's list; a row without a badge or conversation of its own has none. */
  interests?: (Interest & Partial<Pick<ReceivedInterest, 'certified' | 'threadId'>>)[]
  /** An error the interest endpoint answers instead, in the API.md shape. */
  interestFailure?: { status: number; body: { message: string; code?: string; fields?: Record<string, string> } }
}) {
  const requests = { interest: [] as InterestInput[], favorite: [] as string[] }
  let deal = options.deal
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
    http.get('/api/deals/:id', ({ params }) =>
      deal && params.id === deal.id
        ? HttpResponse.json(deal)
        : HttpResponse.json({ message: 'Listing not found', code: 'not_found' }, { status: 404 }),
    ),
    http.get('/api/deals/:id/interests', () =>
      HttpResponse.json((options.interests ?? []).map((row) => ({ certified: false, threadId: null, ...row }))),
    ),
    // The buyer's own offers on the listing (tests/spa/deal-offers-fixtures.ts serves real ones).
    http.get('/api/offers/mine', () => HttpResponse.json([])),
    http.post('/api/deals/:id/interest', async ({ request, params }) => {
      const body = (await request.json()) as InterestInput
      requests.interest.push(body)
      if (options.interestFailure) {
        return HttpResponse.json(options.interestFailure.body, { status: options.interestFailure.status })
      }
      if (deal) {
        const { name, phone, message } = body
        deal = { ...deal, hasExpressedInterest: true, myInterest: { name, phone: phone.replace(/\D/g, ''), message } }
      }
      const interest: Interest = {
        id: 'i-1',
        dealId: String(params.id),
        buyerId: 'buyer-1',
        name: body.name,
        phone: body.phone.replace(/\D/g, ''),
        email: 'buyer@example.com',
        message: body.message,
        createdAt: new Date().toISOString(),
      }
      return HttpResponse.json(interest, { status: 201 })
    }),
    http.put('/api/deals/:id/favorite', () => {
      requests.favorite.push('put')
      return HttpResponse.json({ favorited: true, favoriteCount: (deal?.favoriteCount ?? 0) + 1 })
    }),
    http.delete('/api/deals/:id/favorite', () => {
      requests.favorite.push('delete')
      return HttpResponse.json({ favorited: false, favoriteCount: Math.max(0, (deal?.favoriteCount ?? 0) - 1) })
    }),
  )
  return { requests }
}

/** Serves a listing built from `overrides`, opens its page as `user` and resolves to the region `name`. */
export function openListingRegion(name: string, user: User, overrides: Partial<Deal> = {}) {
  const deal = buildDeal(overrides)
  dealDetailServer({ deal })
  renderApp({ path: `/deals/${deal.id}`, user })
  return screen.findByRole('region', { name }, LAZY_CHUNK)
}
