import { http, HttpResponse } from 'msw'
import type { BuyBox, Preferences, SellerPreferences, SellerRequest, SellerRequestInput, User } from '@/contract'
import { server } from './msw'

/** A saved set of buyer preferences, as the server answers it. */
export function buildPreferences(overrides: Partial<Preferences> = {}): Preferences {
  return {
    propertyUse: null,
    propertyTypes: [],
    state: 'TX',
    city: 'Austin',
    zipCodes: [],
    minPropertyAge: null,
    maxPropertyAge: null,
    minYearBuilt: null,
    minSqft: null,
    minBedrooms: null,
    minBathrooms: null,
    maxMonthlyPayment: null,
    maxDownPayment: null,
    minLotSize: null,
    excludeHoa: false,
    newConstructionOnly: false,
    propertyConditions: [],
    schoolsProximity: false,
    publicTransport: false,
    rentalPotential: false,
    notificationChannels: ['email'],
    preferredContact: 'email',
    searchFrequency: 'daily',
    additionalNotes: null,
    preApprovedMortgage: false,
    preApprovedAmount: null,
    financingType: null,
    creditScoreRange: null,
    ...overrides,
  }
}

type Failure = { status: number; body: unknown }

/**
 * The profile endpoints over in-memory state: GETs answer what was saved (null until then), PUTs record
 * their bodies and save them, `/api/auth/me` answers `state.me` (tests update it to what the server would
 * compute after a save). `fail` makes an endpoint answer an error instead.
 */
export function profileServer(initial: {
  me: User
  preferences?: Preferences | null
  buyBox?: BuyBox | null
  sellerPreferences?: SellerPreferences | null
  /** The person's latest request for seller access (none unless given). */
  sellerRequest?: SellerRequest | null
  fail?: Partial<
    Record<'putPreferences' | 'putBuyBox' | 'getRoles' | 'putRoles' | 'updateProfile' | 'createSellerRequest', Failure>
  >
}) {
  const state = {
    me: initial.me,
    preferences: initial.preferences ?? null,
    buyBox: initial.buyBox ?? null,
    sellerPreferences: initial.sellerPreferences ?? null,
    sellerRequest: initial.sellerRequest ?? null,
  }
  const requests = {
    sellerRequests: [] as SellerRequestInput[],
    preferences: [] as unknown[],
    buyBox: [] as unknown[],
    sellerPreferences: [] as unknown[],
    roles: [] as unknown[],
    profile: [] as unknown[],
    uploads: [] as string[],
  }
  const failure = (name: keyof NonNullable<typeof initial.fail>) => {
    const found = initial.fail?.[name]
    return found ? HttpResponse.json(found.body as object, { status: found.status }) : null
  }

  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
    // The buy box tab lists the saved searches beside it (tests/spa/saved-searches.test.tsx covers them).
    http.get('/api/saved-searches', () => HttpResponse.json({ items: [] })),
    http.get('/api/auth/me', () => HttpResponse.json(state.me)),
    http.get('/api/profile/preferences', () => HttpResponse.json(state.preferences)),
    http.put('/api/profile/preferences', async ({ request }) => {
      const body = (await request.json()) as Preferences
      requests.preferences.push(body)
      const failed = failure('putPreferences')
      if (failed) return failed
      state.preferences = body
      return HttpResponse.json(body)
    }),
    http.get('/api/profile/buybox', () => HttpResponse.json(state.buyBox)),
    http.put('/api/profile/buybox', async ({ request }) => {
      const body = (await request.json()) as BuyBox
      requests.buyBox.push(body)
      const failed = failure('putBuyBox')
      if (failed) return failed
      state.buyBox = body
      return HttpResponse.json(body)
    }),
    http.get('/api/profile/seller-preferences', () => HttpResponse.json(state.sellerPreferences)),
    http.put('/api/profile/seller-preferences', async ({ request }) => {
      const body = (await request.json()) as SellerPreferences
      requests.sellerPreferences.push(body)
      state.sellerPreferences = body
      return HttpResponse.json(body)
    }),
    http.get('/api/profile/seller-request', () => HttpResponse.json({ request: state.sellerRequest })),
    http.post('/api/profile/seller-request', async ({ request }) => {
      const body = (await request.json()) as SellerRequestInput
      requests.sellerRequests.push(body)
      const failed = failure('createSellerRequest')
      if (failed) return failed
      state.sellerRequest = {
        id: `request-${requests.sellerRequests.length}`,
        ...body,
        phone: body.phone.replace(/\D/g, ''),
        note: body.note || null,
        status: 'pending',
        reason: null,
        createdAt: '2026-11-26T10:00:00.000Z',
        decidedAt: null,
      }
      return HttpResponse.json(state.sellerRequest, { status: 201 })
    }),
    http.get('/api/profile/roles', () => failure('getRoles') ?? HttpResponse.json(state.me)),
    http.put('/api/profile/roles', async ({ request }) => {
      const body = (await request.json()) as { roles: User['roles'] }
      requests.roles.push(body)
      const failed = failure('putRoles')
      if (failed) return failed
      state.me = { ...state.me, roles: body.roles, role: body.roles.includes('originator') ? 'originator' : 'buyer' }
      return HttpResponse.json(state.me)
    }),
    http.patch('/api/profile', async ({ request }) => {
      const body = (await request.json()) as Partial<User>
      requests.profile.push(body)
      const failed = failure('updateProfile')
      if (failed) return failed
      state.me = { ...state.me, ...body }
      return HttpResponse.json(state.me)
    }),
    http.post('/api/profile/company-logo', () => {
      requests.uploads.push('logo')
      return HttpResponse.json({ url: '/uploads/logo.png' })
    }),
    http.post('/api/profile/picture', () => {
      requests.uploads.push('picture')
      return HttpResponse.json({ url: '/uploads/me.png' })
    }),
  )
  return { state, requests }
}
