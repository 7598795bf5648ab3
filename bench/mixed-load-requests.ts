// What the mixed-load bench asks, request by request: a realistic marketplace's mix of reads and writes
// (issue 28), each request drawn when autocannon is about to send it.
import { DEAL_SORTS, PROPERTY_TYPES, PURCHASE_TYPES, USER_TAGS } from '../src/contract'
import type { MixedBuyer } from './mixed-load-server'

export const KINDS = ['browse, new', 'browse, popular', 'deal page', 'me/notifications/chats', 'writes'] as const
export type Kind = (typeof KINDS)[number]

/** Shares of the requests (issue 28): browse 60 % (half new, half popular), a deal 25 %, account 10 %, writes 5 %. */
export const WEIGHTS: Record<Kind, number> = {
  'browse, new': 0.3,
  'browse, popular': 0.3,
  'deal page': 0.25,
  'me/notifications/chats': 0.1,
  writes: 0.05,
}

export type City = { city: string; state: string; lat: number; lng: number }
export type MixedData = { buyers: MixedBuyer[]; dealIds: string[]; cities: City[] }
export type Drawn = {
  kind: Kind
  method: 'GET' | 'PUT' | 'DELETE' | 'POST'
  path: string
  token: string
  body?: string
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!
const chance = (p: number) => Math.random() < p
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1))

const SEARCH_WORDS = ['garage', 'pool', 'renovated', 'corner lot', 'basement', 'fenced', 'tenant', 'roof', 'solar']

/** A filter set somebody may well be the first to ask for: a few of the spec's filters at random, any page. */
export function newFilterSet(cities: City[]): string {
  const query = new URLSearchParams()
  const city = pick(cities)
  if (chance(0.35)) query.set('state', city.state)
  if (chance(0.2)) query.set('city', city.city)
  if (chance(0.45)) query.set('minPrice', String(between(5, 40) * 10_000))
  if (chance(0.45)) query.set('maxPrice', String(between(20, 90) * 10_000 + between(0, 9_999)))
  if (chance(0.3)) query.set('minBeds', String(between(1, 5)))
  if (chance(0.2)) query.set('minBaths', String(between(1, 3)))
  if (chance(0.25)) query.append('purchaseType', pick(PURCHASE_TYPES))
  if (chance(0.15)) query.append('propertyType', pick(PROPERTY_TYPES))
  if (chance(0.2)) query.append('tags', pick(USER_TAGS))
  if (chance(0.15)) query.set('q', pick(SEARCH_WORDS))
  if (chance(0.15)) {
    query.set('radiusMiles', String(between(5, 60)))
    query.set('lat', city.lat.toFixed(4))
    query.set('lng', city.lng.toFixed(4))
  }
  if (chance(0.15)) {
    // A "search this area" viewport around a metro, a little different every time.
    const half = 0.05 + Math.random() * 0.6
    const [lng, lat] = [city.lng + (Math.random() - 0.5) * 0.2, city.lat + (Math.random() - 0.5) * 0.2]
    query.set('bbox', [lng - half, lat - half * 0.7, lng + half, lat + half * 0.7].map((v) => v.toFixed(4)).join(','))
  }
  query.set('sort', pick(DEAL_SORTS))
  if (chance(0.3)) query.set('page', String(between(2, 8)))
  query.set('pageSize', '20')
  return `/api/deals?${query}`
}

/** A map viewport nobody looked at in the last 5 s (the map page asks for it beside the list). */
export function newMapViewport(cities: City[]): string {
  const city = pick(cities)
  const zoom = between(8, 12)
  const half = 8 / 2 ** (zoom - 4) + Math.random() * 0.01
  const bbox = [city.lng - half, city.lat - half * 0.7, city.lng + half, city.lat + half * 0.7]
  return `/api/deals/map?bbox=${bbox.map((v) => v.toFixed(5)).join(',')}&zoom=${zoom}`
}

/** The filter sets many people ask for (the first page, a big metro, a common purchase type). */
function popularFilterSets(cities: City[]): string[] {
  const big = cities.slice(0, 4)
  return [
    '/api/deals?pageSize=20',
    '/api/deals?pageSize=20&sort=price-asc',
    '/api/deals?pageSize=20&dealCategory=creative',
    '/api/deals?pageSize=20&dealCategory=cash',
    '/api/deals?pageSize=20&purchaseType=SubTo',
    '/api/deals?pageSize=20&page=2',
    ...big.map((city) => `/api/deals?pageSize=20&state=${city.state}`),
    ...big.map((city) => `/api/deals?pageSize=20&state=${city.state}&city=${encodeURIComponent(city.city)}`),
  ]
}

const INTEREST = JSON.stringify({
  message: 'Interested: can I see it this week?',
  name: 'Bench Buyer',
  phone: '6235550100',
})
const MESSAGE = JSON.stringify({ message: 'What are the closing terms?' })

/** One request of `kind` as a random buyer. */
export function drawerFor(data: MixedData) {
  const popular = popularFilterSets(data.cities)
  return (kind: Kind): Drawn => {
    const buyer = pick(data.buyers)
    const token = buyer.token
    const deal = pick(data.dealIds)
    switch (kind) {
      case 'browse, new':
        return {
          kind,
          method: 'GET',
          token,
          path: chance(0.15) ? newMapViewport(data.cities) : newFilterSet(data.cities),
        }
      case 'browse, popular':
        return { kind, method: 'GET', token, path: pick(popular) }
      case 'deal page':
        return { kind, method: 'GET', token, path: `/api/deals/${deal}` }
      case 'me/notifications/chats':
        return {
          kind,
          method: 'GET',
          token,
          path: pick(['/api/auth/me', '/api/chat/notifications', '/api/chat/threads']),
        }
      case 'writes': {
        const write = between(0, 3)
        if (write === 0) return { kind, method: 'PUT', token, path: `/api/deals/${deal}/favorite` }
        if (write === 1) return { kind, method: 'DELETE', token, path: `/api/deals/${deal}/favorite` }
        if (write === 2) return { kind, method: 'POST', token, path: `/api/deals/${deal}/interest`, body: INTEREST }
        return { kind, method: 'POST', token, path: `/api/chat/threads/${buyer.threadId}/messages`, body: MESSAGE }
      }
    }
  }
}

/** A kind drawn by the weights (or always `only`). */
export function drawKind(only?: Kind): Kind {
  if (only) return only
  let left = Math.random()
  for (const kind of KINDS) {
    left -= WEIGHTS[kind]
    if (left < 0) return kind
  }
  return 'browse, popular'
}
