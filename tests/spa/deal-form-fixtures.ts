import { http, HttpResponse } from 'msw'
import type { Deal, DealPhoto, MyDealSchema } from '@/contract'
import type { z } from 'zod'
import { buildDeal as buildListing, buildUser } from './factories'
import { server } from './msw'

export const sellerUser = () => buildUser({ role: 'originator', roles: ['originator'], firstName: 'Sam' })

/**
 * How the listing the form tests were written against differs from `buildDeal`'s: it is the seller's own,
 * with other figures, fewer details and no history.
 */
const sellersListing: Partial<Deal> = {
  streetAddress: '12 Oak Street',
  purchasePrice: 250000,
  emd: 5000,
  expectedCloseOfEscrow: null,
  traditionalFinancing: [],
  squareFootage: 1500,
  lotSize: null,
  lotSizeUnit: 'sqft',
  yearBuilt: 1995,
  restrictions: [],
  dealDescription: 'A solid rental in a quiet street.',
  listedBy: { ...buildListing().listedBy, companyName: null },
  listedOn: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  favoriteCount: 0,
  isOwner: true,
  statusHistory: [],
}

/** A saved cash listing as `GET /api/deals/:id` answers it to its seller. */
export const buildDeal = (overrides: Partial<Deal> = {}): Deal => buildListing({ ...sellersListing, ...overrides })

export const buildPhoto = (id: string, position: number): DealPhoto => ({
  id,
  url: `/uploads/${id}.webp`,
  thumbUrl: `/uploads/${id}-thumb.webp`,
  width: 1600,
  height: 1200,
  position,
})

type Answer = { status: number; body: unknown }
export type MyDeal = z.infer<typeof MyDealSchema>

/** The layout's own calls, answered for a signed-in user. */
export function layoutHandlers() {
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
  )
}

/**
 * The listing endpoints the form uses. `create`/`update` answer an error when given; otherwise they echo the
 * body as a saved listing. Requests are recorded for the assertions a caller can see (what was sent).
 */
export function dealFormServer(options: { deal?: Deal; create?: Answer; getDeal?: Answer } = {}) {
  const requests = { created: [] as Record<string, unknown>[], updated: [] as Record<string, unknown>[] }
  const saved = (body: Record<string, unknown>, id: string) =>
    HttpResponse.json(buildDeal({ ...(body as Partial<Deal>), id }))
  layoutHandlers()
  server.use(
    http.post('/api/deals', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      requests.created.push(body)
      if (options.create) return HttpResponse.json(options.create.body as object, { status: options.create.status })
      return saved(body, 'deal-new')
    }),
    http.get('/api/deals/:id', ({ params }) => {
      if (options.getDeal) return HttpResponse.json(options.getDeal.body as object, { status: options.getDeal.status })
      return HttpResponse.json(options.deal ?? buildDeal({ id: String(params.id) }))
    }),
    http.put('/api/deals/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>
      requests.updated.push(body)
      return saved(body, String(params.id))
    }),
  )
  return { requests }
}
