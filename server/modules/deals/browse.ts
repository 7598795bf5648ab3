import { sql, type SQL } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { z } from 'zod'
import { staleDaysOf, type DealPageSchema, type DealsQuerySchema, type DealSummary } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { UPLOADS_PREFIX } from '../../files'
import { readAll } from '../../db/reads'
import { filterConditions, type Viewer } from './browse-filters'
import { anyWriteOf } from '../../lib/read-cache'
import { favoriteIdsOf, favoritesWritten } from './favorites'
import { dealsWritten } from './repository'
import { sharedReadKey, sharedReads } from './shared-reads'

export type DealsQuery = z.output<typeof DealsQuerySchema>
type DealPage = z.infer<typeof DealPageSchema>

const ORDER: Record<DealsQuery['sort'], SQL> = {
  newest: sql.raw('d.created_at desc, d.id desc'),
  oldest: sql.raw('d.created_at asc, d.id asc'),
  'price-asc': sql.raw('d.purchase_price asc nulls last, d.id asc'),
  'price-desc': sql.raw('d.purchase_price desc nulls last, d.id desc'),
  // The Subject-To rate, else the seller-finance rate; listings with neither (cash) go last either way.
  'interest-asc': sql.raw('coalesce(d.interest_rate, d.seller_interest_rate) asc nulls last, d.id asc'),
  'interest-desc': sql.raw('coalesce(d.interest_rate, d.seller_interest_rate) desc nulls last, d.id desc'),
  // Scored in browse-match.ts for a buyer with criteria; anyone else gets the newest first.
  'best-match': sql.raw('d.created_at desc, d.id desc'),
}

export type SummaryRow = {
  id: string
  street_address: string
  hide_address: boolean
  seller_id: string
  city: string
  state: string
  zip_code: string
  deal_category: DealSummary['dealCategory']
  purchase_type: DealSummary['purchaseType']
  property_type: DealSummary['propertyType']
  purchase_price: number | null
  entry_fee: number | null
  interest_rate: number | null
  monthly_payment: number | null
  bedrooms: number | null
  bathrooms: number | null
  square_footage: number | null
  status: DealSummary['status']
  tags: DealSummary['tags']
  cover_key: string | null
  favorite_count: number
  latitude: number | null
  longitude: number | null
  /** As PostgreSQL writes a timestamptz in JSON. */
  created_at: string
  confirmed_at: string
}

/** What "Not updated in N days" needs: the stale period (a setting) and the request's clock. */
export type Freshness = { staleAfterDays: number; now: Date }

/**
 * The page query itself, the same for every viewer of a filter set but a word search (what differs per
 * viewer, hidden streets and hearts, is decided in browseDeals), exported so the benchmark can time the
 * very SQL the endpoint runs. One row, one text column: the page's rows as a JSON array, in order.
 *
 * On PGlite a statement's answer is decoded field by field in JavaScript (a buffer copy each), which cost
 * more than the query itself for 20 rows of 24 columns (1.6 ms against 0.4 ms of execution); as one
 * JSON text it is one field and one JSON.parse (0.9 ms in all, with the page narrowed to the columns used).
 * `where` is the request's filter clause, built once for the page and the count.
 */
export function browsePageSql(query: DealsQuery, viewer: Viewer, where = filterConditions(query, viewer)): SQL {
  const offset = (query.page - 1) * query.pageSize
  // Page first (index order + limit, only the columns shown), then the per-row lookups for only its rows.
  return sql`
    with page as (
      select d.id, d.street_address, d.hide_address, d.seller_id, d.city, d.state, d.zip_code, d.deal_category,
        d.purchase_type, d.property_type, d.purchase_price, d.entry_fee, d.interest_rate, d.seller_interest_rate,
        d.piti, d.pi, d.lease_monthly_payment, d.bedrooms, d.bathrooms, d.square_footage, d.status, d.tags,
        d.latitude, d.longitude, d.created_at, d.confirmed_at
      from deals d where ${where} order by ${ORDER[query.sort]} limit ${query.pageSize} offset ${offset}
    ),
    shown as (
      select row_number() over (order by ${ORDER[query.sort]}) as position,
        d.id, d.street_address, d.hide_address, d.seller_id, d.city, d.state, d.zip_code, d.deal_category,
        d.purchase_type, d.property_type, d.purchase_price, d.entry_fee,
        coalesce(d.interest_rate, d.seller_interest_rate) as interest_rate,
        coalesce(d.piti, d.pi, d.lease_monthly_payment) as monthly_payment,
        d.bedrooms, d.bathrooms, d.square_footage, d.status, d.tags, d.latitude, d.longitude, d.created_at,
        d.confirmed_at,
        (select p.thumb_key from deal_photos p where p.deal_id = d.id order by p.position limit 1) as cover_key,
        (select count(*)::int from deal_favorites f where f.deal_id = d.id) as favorite_count
      from page d
    )
    select coalesce(json_agg(shown order by shown.position), '[]'::json)::text as rows from shown`
}

/**
 * Totals are exact while the matches end within this many rows after the page asked for; beyond that the
 * planner's estimate stands in ("about 17,000 deals"). Counting 15k search matches costs more than the
 * page itself on PGlite, and the pager only needs to know that the next pages exist (README Decisions).
 */
export const EXACT_WINDOW = 1_000

type Count = { total: number; totalIsEstimate: boolean }

/** How long an estimated total is reused (a write in this process forgets it at once; see countMatches). */
const ESTIMATE_TTL_MS = 5_000

type RememberedCount = { count: Count; generation: number }
/** Per database (tests run many apps in one process): the estimated totals of recent filter sets. */
const estimates = new WeakMap<Database, LRUCache<string, RememberedCount>>()

/**
 * The filter set a total depends on: every filter but the page, its size and the sort, plus the count's
 * cap, plus the viewer when a word search makes hidden addresses matter; null when the total depends on
 * the viewer's favorites or interests (written elsewhere, so not remembered).
 */
function countKey(query: DealsQuery, viewer: Viewer, limit: number): string | null {
  if (query.favorites || query.interested) return null
  const { page: _page, pageSize: _pageSize, sort: _sort, ...filters } = query
  return JSON.stringify([limit, query.q ? [viewer.id, viewer.hasAllAccess] : null, filters])
}

/**
 * The total for the pager: matches counted up to the rows before the page, the page and the window after
 * it; when the count reaches that, the planner's estimate (never below what is known to exist).
 *
 * An estimate is remembered for a few seconds per filter set: on a full marketplace every first page
 * would otherwise run the capped count and an EXPLAIN beside the page itself (two of its three
 * statements, about 40% of its database time), for a figure shown as "about". A listing written in this
 * process forgets them all at once (`dealsWritten`), a write by another server on the same PostgreSQL as
 * soon as this one hears of it (and within ESTIMATE_TTL_MS if that notification is lost). Exact totals are never remembered.
 */
export async function countMatches(
  db: Database,
  query: DealsQuery,
  viewer: Viewer,
  where = filterConditions(query, viewer),
): Promise<Count> {
  const limit = query.page * query.pageSize + EXACT_WINDOW
  const key = countKey(query, viewer, limit)
  let cache = estimates.get(db)
  if (!cache) estimates.set(db, (cache = new LRUCache({ max: 1_000, ttl: ESTIMATE_TTL_MS })))
  const written = dealsWritten.of(db)
  const known = key === null ? undefined : cache.get(key)
  if (known && known.generation === written.current) return known.count
  const readUnder = written.current
  const count = await countOrEstimate(db, query, viewer, limit, where)
  if (key !== null && count.totalIsEstimate && written.current === readUnder) {
    cache.set(key, { count, generation: readUnder })
  }
  return count
}

/** The capped count, then the planner estimate if it reaches the cap, never remembered (the bench times it). */
export async function countOrEstimate(
  db: Database,
  query: DealsQuery,
  viewer: Viewer,
  limit: number,
  where = filterConditions(query, viewer),
): Promise<Count> {
  const [counted] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from (select 1 from deals d where ${where} limit ${limit}) matches`,
  )
  const exact = counted?.total ?? 0
  if (exact < limit) return { total: exact, totalIsEstimate: false }
  const [plan] = await rowsOf<Record<string, unknown>>(
    db,
    sql`explain (format json) select 1 from deals d where ${where}`,
  )
  return { total: Math.max(limit, plannedRows(plan)), totalIsEstimate: true }
}

/** "Plan Rows" of an EXPLAIN (FORMAT JSON) answer, which drivers hand back parsed or as text. */
function plannedRows(row: Record<string, unknown> | undefined): number {
  const value = row ? Object.values(row)[0] : undefined
  const plans = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan?: { 'Plan Rows'?: number } }[]
  return Math.round(plans?.[0]?.Plan?.['Plan Rows'] ?? 0)
}

/** What a browse page shares between its viewers: the rows (before per-viewer masking) and the total. */
type SharedPage = { rows: readonly SummaryRow[]; count: Count }

async function readSharedPage(db: Database, query: DealsQuery, viewer: Viewer): Promise<SharedPage> {
  const where = filterConditions(query, viewer)
  const [page, count] = await readAll(db, [
    () => rowsOf<{ rows: string }>(db, browsePageSql(query, viewer, where)),
    () => countMatches(db, query, viewer, where),
  ])
  return { rows: JSON.parse(page[0]!.rows) as SummaryRow[], count }
}

/**
 * Pages remembered, changed by listing and photo writes (`dealsWritten`) and favorites (the counts); at
 * most 500 (a page of 20 rows is roughly 10 KB).
 */
const sharedPages = sharedReads<SharedPage>(anyWriteOf(dealsWritten, favoritesWritten), 500)

/**
 * One page of listings a buyer can browse, plus the total for the pager.
 *
 * The page's rows and total are remembered for a few seconds per filter set and page, shared by every
 * viewer: the first page is what every buyer opens, and on a full marketplace its statements were most of
 * the server's work. Every listing, photo or favorite written through the deals module's services forgets
 * them at once; a write by another server on the same PostgreSQL shows within seconds (shared-reads.ts).
 * What differs per viewer is applied on the way out: hidden streets (toSummary) and the hearts, from the
 * viewer's own remembered favorites.
 */
export async function browseDeals(
  db: Database,
  query: DealsQuery,
  viewer: Viewer,
  freshness?: Freshness,
): Promise<DealPage> {
  const [{ rows, count }, favorites] = await readAll(db, [
    () => sharedPages(db, sharedReadKey(query, viewer), () => readSharedPage(db, query, viewer)),
    () => favoriteIdsOf(db, viewer.id),
  ])
  return {
    items: rows.map((row) => toSummary(row, favorites.has(row.id), viewer, freshness)),
    ...count,
    page: query.page,
    pageSize: query.pageSize,
  }
}

export function availabilityOf(status: DealSummary['status']): DealSummary['availability'] {
  if (status === 'active' || status === 'exclusive') return 'available'
  if (status === 'pending') return 'no-new-offers'
  return 'unavailable'
}

export function toSummary(row: SummaryRow, isFavorite: boolean, viewer: Viewer, freshness?: Freshness): DealSummary {
  const addressHidden = row.hide_address && !viewer.hasAllAccess && row.seller_id !== viewer.id
  return {
    id: row.id,
    streetAddress: addressHidden ? null : row.street_address,
    addressHidden,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    dealCategory: row.deal_category,
    purchaseType: row.purchase_type,
    propertyType: row.property_type,
    purchasePrice: row.purchase_price,
    entryFee: row.entry_fee,
    interestRate: row.interest_rate,
    monthlyPayment: row.monthly_payment,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    squareFootage: row.square_footage,
    status: row.status,
    availability: availabilityOf(row.status),
    tags: row.tags,
    coverPhotoUrl: row.cover_key ? `${UPLOADS_PREFIX}${row.cover_key}` : null,
    favoriteCount: row.favorite_count,
    isFavorite,
    // A hidden address also hides its exact point: buyers get the ZIP's centre, which the ZIP already says.
    latitude: row.latitude,
    longitude: row.longitude,
    listedOn: new Date(row.created_at).toISOString(),
    staleDays:
      freshness && availabilityOf(row.status) === 'available'
        ? staleDaysOf(new Date(row.confirmed_at), freshness.staleAfterDays, freshness.now)
        : null,
  } satisfies DealSummary
}
