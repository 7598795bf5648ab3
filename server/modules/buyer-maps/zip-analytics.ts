import { sql } from 'drizzle-orm'
import zipcodes from 'zipcodes'
import { ZIP_AVERAGE_MINIMUM, type ZipAnalytics, type ZipDemand } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { inZips, zipsWithin } from './filters'
import { demandRows } from './snapshot'

/** An average only when at least ZIP_AVERAGE_MINIMUM buyers gave the figure (fewer could identify someone). */
function average(values: number[]) {
  if (values.length < ZIP_AVERAGE_MINIMUM) return null
  return Math.round(values.reduce((sum, value) => sum + value, 0) / values.length)
}

/** The demand of the buyers naming any of the ZIP codes. */
async function demandIn(db: Database, zips: Set<string>): Promise<ZipDemand> {
  let buyerCount = 0
  let last = 0
  const down: number[] = []
  const monthly: number[] = []
  for (const row of await demandRows(db)) {
    if (!inZips(row, zips)) continue
    buyerCount++
    last = Math.max(last, row.updatedAt)
    if (row.downPayment !== null) down.push(row.downPayment)
    if (row.monthlyPayment !== null) monthly.push(row.monthlyPayment)
  }
  return {
    buyerCount,
    avgDownPayment: average(down),
    avgMonthlyPayment: average(monthly),
    lastUpdated: last ? new Date(last).toISOString() : null,
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
    demandIn(db, new Set([zipCode])),
    zips && radiusMiles
      ? demandIn(db, zips).then((figures) => ({ ...figures, miles: radiusMiles, zipCount: zips.size }))
      : Promise.resolve(null),
    listingsIn(db, zipCode),
  ])
  return { zipCode, city: place?.city ?? null, state: place?.state ?? null, ...demand, radius, listings }
}
