import { sql, type SQL } from 'drizzle-orm'
import { FUNNEL_STEPS, type DealAnalytics, type FunnelStep, type MarketComparison } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { matchBandsOf } from '../deals/match-routes'
import type { DealRow } from '../deals/repository'
import { conversionOf, dailySeries, totalsOf, weeklySeries, type DailyCounts } from './series'

const utcDayOf = (column: SQL) => sql`((${column}) at time zone 'UTC')::date::text`

/**
 * Every step's count per UTC day, all time: views from the day counts, favorites held now by the day they
 * were added, interests, buyers' first offers, conversations by the day they started.
 */
async function dailyCounts(db: Database, dealId: string): Promise<DailyCounts> {
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

/** Medians of the live listings of the same property type in `place`, this listing left out. */
async function comparedWith(db: Database, deal: DealRow, place: SQL, now: Date): Promise<MarketComparison> {
  const [row] = await rowsOf<{ listings: number; days: number | null; price: number | null; fee: number | null }>(
    db,
    sql`
      select count(*)::int as listings,
        percentile_cont(0.5) within group (order by floor(extract(epoch from (${now.toISOString()}::timestamptz - created_at)) / 86400)) as days,
        percentile_cont(0.5) within group (order by purchase_price) as price,
        percentile_cont(0.5) within group (order by entry_fee) as fee
      from deals
      where status in ('active', 'exclusive') and deleted_at is null and id <> ${deal.id}
        and property_type = ${deal.propertyType} and ${place}`,
  )
  const num = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value))
  return {
    listings: row?.listings ?? 0,
    medianDaysListed: num(row?.days),
    medianPrice: num(row?.price),
    medianEntryFee: num(row?.fee),
  }
}

/** A listing's analytics as its seller, admins and owners see them. */
export async function dealAnalyticsOf(db: Database, deal: DealRow, now: Date): Promise<DealAnalytics> {
  const [counts, matchBands, zip, state] = await Promise.all([
    dailyCounts(db, deal.id),
    matchBandsOf(db, deal.id, now),
    comparedWith(db, deal, sql`zip_code = ${deal.zipCode}`, now),
    comparedWith(db, deal, sql`state = ${deal.state}`, now),
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
    matchBands,
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
