import {
  DEAL_CATEGORIES,
  DEAL_SORTS,
  PROPERTY_TYPES,
  PURCHASE_TYPES,
  US_STATE_CODES,
  USER_TAGS,
  type DealTag,
  type PropertyType,
  type PurchaseType,
} from '@/contract'

/*
 * The browse page's state lives in the URL (spec §2: a copied link shares the filtered view). These pure
 * functions read it leniently — a hand-edited or stale link drops what it cannot use instead of failing —
 * and turn it into the query `GET /api/deals` and `GET /api/deals/map` take.
 */

export type DealSort = (typeof DEAL_SORTS)[number]
export type DealCategory = (typeof DEAL_CATEGORIES)[number]
export type BrowseView = 'all' | 'favorites' | 'interested'

export type BrowseFilters = {
  q?: string
  state?: string
  city?: string
  zipCode?: string
  dealCategory?: DealCategory
  purchaseType: PurchaseType[]
  propertyType: PropertyType[]
  minPrice?: number
  maxPrice?: number
  minBeds?: number
  minBaths?: number
  tags: DealTag[]
}

export type BrowseState = BrowseFilters & {
  view: BrowseView
  sort: DealSort
  page: number
  /** A "search this area" box, `west,south,east,north`. */
  bbox?: string
}

export const PAGE_SIZE = 20
export const ROOM_MINIMUMS = [1, 2, 3, 4] as const
const BBOX = /^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/

const text = (params: URLSearchParams, key: string, max = 200) => {
  const value = params.get(key)?.trim()
  return value ? value.slice(0, max) : undefined
}
const oneOf = <T extends string>(allowed: readonly T[], value: string | null | undefined): T | undefined =>
  allowed.find((item) => item === value)
const manyOf = <T extends string>(allowed: readonly T[], params: URLSearchParams, key: string): T[] =>
  allowed.filter((item) => params.getAll(key).includes(item))
const amount = (params: URLSearchParams, key: string) => {
  const raw = params.get(key)
  if (raw === null || raw.trim() === '') return undefined
  const value = Number(raw)
  return Number.isFinite(value) && value >= 0 ? value : undefined
}

export function readBrowseState(params: URLSearchParams): BrowseState {
  const state = text(params, 'state')?.toUpperCase()
  const zipCode = text(params, 'zipCode')
  const page = Number(params.get('page'))
  const bbox = params.get('bbox') ?? undefined
  const view: BrowseView =
    params.get('favorites') === 'true' ? 'favorites' : params.get('interested') === 'true' ? 'interested' : 'all'
  return {
    q: text(params, 'q'),
    state: (US_STATE_CODES as readonly string[]).find((code) => code === state),
    city: text(params, 'city', 100),
    zipCode: zipCode && /^\d{5}$/.test(zipCode) ? zipCode : undefined,
    dealCategory: oneOf(DEAL_CATEGORIES, params.get('dealCategory')),
    purchaseType: manyOf(PURCHASE_TYPES, params, 'purchaseType'),
    propertyType: manyOf(PROPERTY_TYPES, params, 'propertyType'),
    minPrice: amount(params, 'minPrice'),
    maxPrice: amount(params, 'maxPrice'),
    minBeds: amount(params, 'minBeds'),
    minBaths: amount(params, 'minBaths'),
    tags: manyOf(USER_TAGS, params, 'tags'),
    view,
    sort: oneOf(DEAL_SORTS, params.get('sort')) ?? 'newest',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    bbox: bbox && BBOX.test(bbox) ? bbox : undefined,
  }
}

/** The filters both the list and the map send; the view becomes `favorites`/`interested` flags. */
export function filterQuery(state: BrowseState) {
  return {
    q: state.q,
    state: state.state,
    city: state.city,
    zipCode: state.zipCode,
    dealCategory: state.dealCategory,
    purchaseType: state.purchaseType,
    propertyType: state.propertyType,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
    minBeds: state.minBeds,
    minBaths: state.minBaths,
    tags: state.tags,
    // As the query string carries them (the contract's query schema reads `true`/`false`/`1`/`0`).
    favorites: state.view === 'favorites' ? ('true' as const) : undefined,
    interested: state.view === 'interested' ? ('true' as const) : undefined,
  }
}
export type FilterQuery = ReturnType<typeof filterQuery>

export const listQuery = (state: BrowseState) => ({
  ...filterQuery(state),
  bbox: state.bbox,
  sort: state.sort,
  page: state.page,
  pageSize: PAGE_SIZE,
})

/** How many filters narrow the results (the mobile "Filters (3)" button, the "clear filters" offer). */
export function activeFilterCount(state: BrowseState): number {
  const single = [
    state.q,
    state.state,
    state.city,
    state.zipCode,
    state.dealCategory,
    state.minPrice,
    state.maxPrice,
    state.minBeds,
    state.minBaths,
    state.bbox,
  ].filter((value) => value !== undefined).length
  return single + state.purchaseType.length + state.propertyType.length + state.tags.length
}

type Patch = Partial<Record<string, string | number | readonly string[] | undefined>>

/**
 * A new query string from the current one and a change. Any change but paging goes back to page 1, so a
 * narrower filter never lands on an empty page; empty values leave the URL.
 */
export function patchParams(current: URLSearchParams, patch: Patch): URLSearchParams {
  const next = new URLSearchParams(current)
  for (const [key, value] of Object.entries(patch)) {
    next.delete(key)
    if (Array.isArray(value)) value.forEach((item: string) => next.append(key, item))
    else if (value !== undefined && value !== '') next.set(key, String(value))
  }
  if (!('page' in patch)) next.delete('page')
  if (next.get('page') === '1') next.delete('page')
  return next
}

const FILTER_KEYS = [
  'q',
  'state',
  'city',
  'zipCode',
  'dealCategory',
  'purchaseType',
  'propertyType',
  'minPrice',
  'maxPrice',
  'minBeds',
  'minBaths',
  'tags',
  'bbox',
  'page',
] as const

/** Clears the filters, keeping the sort, the view (favorites/interested) and the list/map choice. */
export function clearFilters(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current)
  FILTER_KEYS.forEach((key) => next.delete(key))
  return next
}
