import { sql, type SQL } from 'drizzle-orm'
import zipcodes from 'zipcodes'
import { ZIP_AVERAGE_MINIMUM, type ZipAnalytics, type ZipDemand } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { demandWhere, textArray, zipsWithin } from './filters'

type DemandRow = {
  n: number
  down_n: number
  down_avg: number | null
  monthly_n: number
  monthly_avg: number | null
  last: Date | string | null
}

/** An average only when at least ZIP_AVERAGE_MINIMUM buyers gave the figure (fewer could identify someone). */
const average = (count: number, value: number | null) =>
  Number(count) >= ZIP_AVERAGE_MINIMUM && value !== null ? Math.round(Number(value)) : null

async function demandIn(db: Database, place: SQL): Promise<ZipDemand> {
  const [row] = await rowsOf<DemandRow>(
    db,
    sql`
    select count(*)::int as n, count(d.down_payment)::int as down_n, avg(d.down_payment) as down_avg,
      count(d.monthly_payment)::int as monthly_n, avg(d.monthly_payment) as monthly_avg, max(d.updated_at) as last
    from buyer_demand d
    where ${demandWhere({}, null)} and ${place}`,
  )
  return {
    buyerCount: Number(row?.n ?? 0),
    avgDownPayment: average(row?.down_n ?? 0, row?.down_avg ?? null),
    avgMonthlyPayment: average(row?.monthly_n ?? 0, row?.monthly_avg ?? null),
    lastUpdated: row?.last ? new Date(row.last).toISOString() : null,
  }
}

/** Live listings of a ZIP code: how many, their median price and entry fee. */
async function listingsIn(db: Database, zipCode: string): Promise<ZipAnalytics['listings']> {
  const [row] = await rowsOf<{ n: number; price: number | null; fee: number | null }>(
    db,
    sql`
    select count(*)::int as n,
      percentile_cont(0.5) within group (order by purchase_price) as price,
      percentile_cont(0.5) within group (order by entry_fee) as fee
    from deals where zip_code = ${zipCode} and status in ('active', 'exclusive')`,
  )
  const round = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value))
  return { count: Number(row?.n ?? 0), medianPrice: round(row?.price), medianEntryFee: round(row?.fee) }
}

/** A ZIP code's buyer demand and live listings; with a radius, the demand of every ZIP within it too. */
export async function zipAnalytics(db: Database, zipCode: string, radiusMiles?: number): Promise<ZipAnalytics> {
  const place = zipcodes.lookup(zipCode)
  const zips = radiusMiles ? zipsWithin(zipCode, radiusMiles) : null
  const [demand, radius, listings] = await Promise.all([
    demandIn(db, sql`d.zip_codes @> array[${zipCode}]::text[]`),
    zips && radiusMiles
      ? demandIn(db, sql`d.zip_codes && ${textArray(zips)}`).then((figures) => ({
          ...figures,
          miles: radiusMiles,
          zipCount: zips.length,
        }))
      : Promise.resolve(null),
    listingsIn(db, zipCode),
  ])
  return { zipCode, city: place?.city ?? null, state: place?.state ?? null, ...demand, radius, listings }
}
