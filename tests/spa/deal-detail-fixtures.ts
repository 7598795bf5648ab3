import { http, HttpResponse } from 'msw'
import type { Deal, Interest, InterestInput } from '@/contract'
import { server } from './msw'

/** A complete, contract-typed cash listing; tests override what they care about. */
export function buildDeal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: 'deal-1',
    streetAddress: '12 Oak St',
    addressHidden: false,
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    hideAddress: false,
    dealCategory: 'cash',
    purchaseType: null,
    propertyType: 'single-family',
    purchasePrice: 150_000,
    emd: 3000,
    expectedCloseOfEscrow: '2026-03-01',
    traditionalFinancing: ['conventional'],
    bedrooms: 3,
    bathrooms: 2,
    squareFootage: 1450,
    lotSize: 0.25,
    lotSizeUnit: 'acres',
    yearBuilt: 1998,
    solar: 'none',
    parking: 'garage-2',
    additionalParking: null,
    hoaMonthlyFee: null,
    solarMonthlyFee: null,
    restrictions: ['none'],
    agentInvolved: false,
    privatePool: false,
    dealDescription: 'Solid rental in a quiet street, new roof in 2022.',
    tags: ['rental-property'],
    legalCertification: true,
    loanType: null,
    interestRate: null,
    loanBalance: null,
    loanMaturity: null,
    piti: null,
    entryFee: null,
    sellerLoanAmount: null,
    sellerInterestRate: null,
    pi: null,
    sellerLoanMaturity: null,
    deedTransferType: null,
    optionFee: null,
    optionSalePrice: null,
    optionTerm: null,
    optionFeeDeducted: false,
    leaseMonthlyPayment: null,
    monthlyPaymentCredited: false,
    monthlyCreditAmount: null,
    securityDeposit: null,
    petsAllowed: false,
    allowedPetTypes: null,
    petFee: null,
    utilitiesIncluded: false,
    allowsSublease: false,
    appliancesIncluded: false,
    status: 'active',
    availability: 'available',
    latitude: 30.27,
    longitude: -97.74,
    photos: [],
    listedBy: {
      id: 'seller-1',
      firstName: 'Sam',
      lastName: 'Seller',
      companyName: 'Oak Homes',
      companyLogoUrl: null,
      callBookingLink: null,
    },
    listedOn: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
    updatedAt: '2026-01-10T10:00:00.000Z',
    favoriteCount: 4,
    isFavorite: false,
    hasExpressedInterest: false,
    isOwner: false,
    statusHistory: [
      { status: 'active', date: '2026-01-10T10:00:00.000Z', source: 'system', comments: null, reason: null },
    ],
    priorityNotification: null,
    ...overrides,
  }
}

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
  interests?: Interest[]
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
    http.get('/api/deals/:id/interests', () => HttpResponse.json(options.interests ?? [])),
    http.post('/api/deals/:id/interest', async ({ request, params }) => {
      const body = (await request.json()) as InterestInput
      requests.interest.push(body)
      if (options.interestFailure) {
        return HttpResponse.json(options.interestFailure.body, { status: options.interestFailure.status })
      }
      if (deal) deal = { ...deal, hasExpressedInterest: true }
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
