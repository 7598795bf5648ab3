import { sql, type SQL } from 'drizzle-orm'
import { FUNNEL_STEPS, type DealAnalytics, type FunnelStep, type MarketComparison } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { readAll } from '../../db/reads'
import type { DealRow } from '../deals/repository'
import { conversionOf, dailySeries, totalsOf, weeklySeries, type DailyCounts } from './series'

const utcDayOf = (column: SQL) => sql`((${column}) at time zone 'UTC')::date::text`

/**
 * Every step's count per UTC day, all time: views from the day counts, favorites held now by the day they
 * were added, interests, buyers' first offers, conversations by the day they started.
 */
export async function dailyCounts(db: Database, dealId: string): Promise<DailyCounts> {
  const rows = await rowsOf<{ step: FunnelStep; day: string; n: number }>(
    db,
    sql`
      select 'views' as step, day::text as day, views as n from deal_view_days where deal_id = ${dealId}
      union all
      select 'favorites', ${utcDayOf(sql`created_at`)}, count(*)::int from deal_favorites
        where deal_id = ${dealId} group by 2
      union all
      select 'interests', ${utcDayOf(sql`created_at`)}, count(*)::int from deal_interests
        where deal_id = ${dealId} group by 2
      union all
      select 'offers', ${utcDayOf(sql`first_at`)}, count(*)::int
        from (select min(created_at) as first_at from offers where deal_id = ${dealId} group by buyer_id) o group by 2
      union all
      select 'conversations', ${utcDayOf(sql`created_at`)}, count(*)::int from chat_threads
        where deal_id = ${dealId} group by 2`,
  )
  const counts = Object.fromEntries(FUNNEL_STEPS.map((step) => [step, new Map<string, number>()])) as DailyCounts
  for (const { step, day, n } of rows) counts[step].set(day, Number(n))
  return counts
}

const daysBetween = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 86_400_000))

type Medians = { listings: number; days: number | null; price: number | null; fee: number | null }

/**
 * Medians of the live listings of the same property type in the listing's state, and among them in its
 * ZIP, this listing left out: one pass over the state's live listings.
 */
export async function comparedWith(db: Database, deal: DealRow, now: Date) {
  const days = sql`floor(extract(epoch from (${now.toISOString()}::timestamptz - created_at)) / 86400)`
  const inZip = sql`zip_code = ${deal.zipCode}`
  const [row] = await rowsOf<{ [K in keyof Medians as `state_${K}` | `zip_${K}`]: Medians[K] }>(
    db,
    sql`
      select count(*)::int as state_listings,
        percentile_cont(0.5) within group (order by ${days}) as state_days,
        percentile_cont(0.5) within group (order by purchase_price) as state_price,
        percentile_cont(0.5) within group (order by entry_fee) as state_fee,
        (count(*) filter (where ${inZip}))::int as zip_listings,
        percentile_cont(0.5) within group (order by ${days}) filter (where ${inZip}) as zip_days,
        percentile_cont(0.5) within group (order by purchase_price) filter (where ${inZip}) as zip_price,
        percentile_cont(0.5) within group (order by entry_fee) filter (where ${inZip}) as zip_fee
      from deals
      where state = ${deal.state} and status in ('active', 'exclusive') and deleted_at is null and id <> ${deal.id}
        and property_type = ${deal.propertyType}`,
  )
  const num = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value))
  const of = (place: 'state' | 'zip'): MarketComparison => ({
    listings: Number(row?.[`${place}_listings`] ?? 0),
    medianDaysListed: num(row?.[`${place}_days`]),
    medianPrice: num(row?.[`${place}_price`]),
    medianEntryFee: num(row?.[`${place}_fee`]),
  })
  return { zip: of('zip'), state: of('state') }
}

/** A listing's analytics as its seller, admins and owners see them. */
export async function dealAnalyticsOf(db: Database, deal: DealRow, now: Date): Promise<DealAnalytics> {
  const [counts, { zip, state }] = await readAll(db, [
    () => dailyCounts(db, deal.id),
    () => comparedWith(db, deal, now),
  ])
  const totals = totalsOf(counts)
  return {
    dealId: deal.id,
    address: { streetAddress: deal.streetAddress, city: deal.city, state: deal.state, zipCode: deal.zipCode },
    totals,
    conversion: conversionOf(totals),
    daily: dailySeries(counts, now),
    weekly: weeklySeries(counts, now),
    priorityNotification: {
      count: deal.priorityNotifiedCount,
      sentAt: deal.priorityNotifiedAt ? deal.priorityNotifiedAt.toISOString() : null,
    },
    comparison: {
      listing: {
        daysListed: daysBetween(deal.createdAt, now),
        price: deal.purchasePrice,
        entryFee: deal.entryFee,
      },
      zip: { zipCode: deal.zipCode, ...zip },
      state: { state: deal.state, ...state },
    },
  }
}
